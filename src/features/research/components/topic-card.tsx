import { Users } from 'lucide-react';
import type { TopicSuggestion } from '../research-schemas';

/** A suggested topic (docs/product.md §12 topic card): "Use this topic" hands "title: description" to the generator. */
export function TopicCard({ topic, onUse }: { topic: TopicSuggestion; onUse: (text: string) => void }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <h4 className="font-medium text-slate-900">{topic.title}</h4>
        <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
          {topic.relevance_score}/10
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">{topic.description}</p>
      <p className="mt-2 flex items-center gap-1 text-xs text-slate-500">
        <Users aria-hidden="true" className="h-3.5 w-3.5" /> Audience: {topic.target_audience}
      </p>
      {topic.content_angle && <p className="mt-1 text-xs text-slate-500">Angle: {topic.content_angle}</p>}
      {topic.trending_keywords.length > 0 && (
        <ul aria-label="Trending keywords" className="mt-2 flex flex-wrap gap-1">
          {topic.trending_keywords.map((keyword) => (
            <li key={keyword} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              {keyword}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={() => onUse(`${topic.title}: ${topic.description}`)}
        className="mt-3 rounded-lg border border-brand-500 px-3 py-1.5 text-sm font-medium text-brand-600 hover:bg-brand-50"
      >
        Use this topic
      </button>
    </li>
  );
}

export function TopicGroup({
  title,
  topics,
  onUse,
}: {
  title: string;
  topics: TopicSuggestion[];
  onUse: (text: string) => void;
}) {
  return (
    <section aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{title}</h3>
      {topics.length === 0 ? (
        <p className="text-sm text-slate-500">No suggestions in this group.</p>
      ) : (
        <ul className="space-y-3">
          {topics.map((topic) => (
            <TopicCard key={`${topic.title}-${topic.description}`} topic={topic} onUse={onUse} />
          ))}
        </ul>
      )}
    </section>
  );
}
