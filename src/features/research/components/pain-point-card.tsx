import { ArrowBigUp, MessageSquare } from 'lucide-react';
import type { PainPoint } from '../research-schemas';
import { Button } from '@/components/ui/button';

/** A pain point with its three content ideas; each idea, or the top one, goes to the generator as is. */
export function PainPointCard({ painPoint, onUse }: { painPoint: PainPoint; onUse: (text: string) => void }) {
  const topIdea = painPoint.contentIdeas[0];
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <h4 className="font-medium text-slate-900">{painPoint.title}</h4>
      <p className="mt-1 flex gap-4 text-xs text-slate-500">
        <span className="flex items-center gap-1">
          <ArrowBigUp aria-hidden="true" className="h-4 w-4" />{' '}
          {painPoint.engagement.upvotes.toLocaleString('en-US')} upvotes
        </span>
        <span className="flex items-center gap-1">
          <MessageSquare aria-hidden="true" className="h-3.5 w-3.5" />{' '}
          {painPoint.engagement.comments.toLocaleString('en-US')} comments
        </span>
      </p>
      <p className="mt-2 text-sm text-slate-600">{painPoint.summary}</p>
      <ul aria-label={`Content ideas for ${painPoint.title}`} className="mt-3 space-y-2">
        {painPoint.contentIdeas.map((idea) => (
          <li
            key={idea}
            className="flex items-start justify-between gap-3 rounded-lg bg-slate-50 p-2 text-sm text-slate-700"
          >
            <span>{idea}</span>
            <button
              type="button"
              onClick={() => onUse(idea)}
              className="shrink-0 text-xs font-medium text-brand-600 hover:underline"
            >
              Use this idea
            </button>
          </li>
        ))}
      </ul>
      {topIdea && (
        <Button className="mt-3 px-3 py-1.5" onClick={() => onUse(topIdea)}>
          Use top idea
        </Button>
      )}
    </li>
  );
}
