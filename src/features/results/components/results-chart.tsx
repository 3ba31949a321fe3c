import type { ChartPoint } from '../results-summary';

const width = 640;
const height = 220;
const pad = { left: 48, right: 48, top: 12, bottom: 28 };

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

function line(points: readonly ChartPoint[], value: (point: ChartPoint) => number, max: number): string {
  const innerWidth = width - pad.left - pad.right;
  const innerHeight = height - pad.top - pad.bottom;
  const step = points.length > 1 ? innerWidth / (points.length - 1) : 0;
  return points
    .map((point, index) => {
      const x = pad.left + (points.length > 1 ? index * step : innerWidth / 2);
      const y = pad.top + innerHeight - (max > 0 ? (value(point) / max) * innerHeight : 0);
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * Impressions (left scale) and engagements (right scale) by period, drawn as SVG: two lines and
 * their scales need no chart library (docs/decisions/028). Loaded lazily with the Results page; the
 * table beside it says the same in text.
 */
export function ResultsChart({ points }: { points: readonly ChartPoint[] }) {
  const maxImpressions = Math.max(1, ...points.map((point) => point.impressions));
  const maxEngagements = Math.max(1, ...points.map((point) => point.engagements));
  const first = points[0];
  const last = points.at(-1);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      role="img"
      aria-label={`Impressions and engagements from ${first?.label ?? ''} to ${last?.label ?? ''}; the table below lists them.`}
    >
      <line
        x1={pad.left}
        x2={width - pad.right}
        y1={height - pad.bottom}
        y2={height - pad.bottom}
        className="stroke-slate-300"
      />
      <text x={pad.left - 6} y={pad.top + 8} textAnchor="end" className="fill-brand-600 text-[10px]">
        {compact.format(maxImpressions)}
      </text>
      <text x={width - pad.right + 6} y={pad.top + 8} className="fill-amber-700 text-[10px]">
        {compact.format(maxEngagements)}
      </text>
      <text x={pad.left} y={height - 8} className="fill-slate-500 text-[10px]">
        {first?.label}
      </text>
      <text x={width - pad.right} y={height - 8} textAnchor="end" className="fill-slate-500 text-[10px]">
        {last?.label}
      </text>
      <path
        d={line(points, (point) => point.impressions, maxImpressions)}
        fill="none"
        strokeWidth={2}
        className="stroke-brand-500"
      />
      <path
        d={line(points, (point) => point.engagements, maxEngagements)}
        fill="none"
        strokeWidth={2}
        strokeDasharray="6 4"
        className="stroke-amber-600"
      />
    </svg>
  );
}
