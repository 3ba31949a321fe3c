import { ExternalLink, Eye, Heart, MessageSquare, Star } from 'lucide-react';
import { formatCompactNumber } from '@/lib/format/compact-number';
import type { VideoAnalysis } from '../research-schemas';

/** The analysed video: title, channel, link, counts (compact from 1,000) and a summary. */
export function VideoCard({ analysis, videoId }: { analysis: VideoAnalysis; videoId: string }) {
  const counts = [
    { label: 'views', value: analysis.viewCount, icon: Eye },
    { label: 'likes', value: analysis.likeCount, icon: Heart },
    { label: 'comments', value: analysis.commentCount, icon: MessageSquare },
    { label: 'favorites', value: analysis.favoriteCount, icon: Star },
  ];
  return (
    <article aria-label="Video analysis" className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-slate-900">{analysis.videoTitle}</h3>
      <p className="text-sm text-slate-600">{analysis.channelAuthor}</p>
      <a
        href={`https://www.youtube.com/watch?v=${videoId}`}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 inline-flex items-center gap-1 text-sm text-brand-600 hover:underline"
      >
        Watch on YouTube <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
      </a>
      {/* Wraps rather than cuts: each count keeps its label on one line, the row breaks between them. */}
      <dl className="mt-3 flex flex-wrap gap-2 text-sm">
        {counts.map(({ label, value, icon: Icon }) => (
          <div
            key={label}
            className="flex items-center gap-1.5 rounded-lg bg-slate-50 px-2 py-1.5 whitespace-nowrap"
          >
            <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
            {/* A term comes before its value in a <dl>; it shows after it ("1.2K comments"). */}
            <dt className="order-last text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900">{formatCompactNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {analysis.videoDescription && (
        <p className="mt-3 line-clamp-4 text-sm whitespace-pre-line text-slate-600">
          {analysis.videoDescription}
        </p>
      )}
      {analysis.keyInsights.length > 0 && (
        <ul aria-label="Key insights" className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {analysis.keyInsights.map((insight) => (
            <li key={insight}>{insight}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
