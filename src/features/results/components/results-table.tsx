import type { ChartPoint } from '../results-summary';
import { formatCount } from '@/lib/format/counting';

/** The chart's text alternative: each period's posts, impressions and engagements. */
export function ResultsTable({ points, unit }: { points: readonly ChartPoint[]; unit: 'week' | 'month' }) {
  return (
    <div className="max-h-72 overflow-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Impressions and engagements by the {unit} the posts went out</caption>
        <thead className="sticky top-0 bg-white text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {unit === 'week' ? 'Week of' : 'Month'}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Posts
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Impressions
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Engagements
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.start} className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-3 font-normal">
                {point.label}
              </th>
              <td className="py-1 pr-3 text-right">{formatCount(point.posts)}</td>
              <td className="py-1 pr-3 text-right">{formatCount(point.impressions)}</td>
              <td className="py-1 text-right">{formatCount(point.engagements)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
