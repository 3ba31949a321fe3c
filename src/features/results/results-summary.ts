import { postTraits, traitLabels, type PostTraits, type TraitName } from './post-traits';
import type { PostWithResults, ResultsPost } from './results-post';

/** A post with figures, as the page shows it. */
export interface ScoredPost {
  post: ResultsPost;
  impressions: number;
  /** Members reached where the source gives it, else the impressions: what "by reach" ranks by. */
  reach: number;
  /** Members reached as the source gave it; null when it did not (the export's TOP POSTS does not). */
  membersReached: number | null;
  engagements: number;
  /** Engagements per impression (0 to 1), null without impressions. */
  rate: number | null;
  readAt: string;
  source: 'export' | 'api';
}

export interface ChartPoint {
  /** The first day of the period (YYYY-MM-DD). */
  start: string;
  label: string;
  impressions: number;
  engagements: number;
  posts: number;
}

export interface SharedTrait {
  trait: string;
  value: string;
  /** How many of the top posts have it, of how many. */
  inTop: number;
  top: number;
  /** Its share among all posts with results (0 to 1). */
  overall: number;
}

export interface ResultsSummary {
  scored: ScoredPost[];
  series: ChartPoint[];
  seriesUnit: 'week' | 'month';
  topByRate: ScoredPost[];
  topByReach: ScoredPost[];
  shared: SharedTrait[];
  /** Published posts without results yet. */
  withoutResults: number;
}

/** Engagements: the export's total, else the sum of the breakdown the API gives. */
function engagementsOf(result: NonNullable<PostWithResults['result']>): number {
  if (result.engagements !== null) return result.engagements;
  return (result.reactions ?? 0) + (result.comments ?? 0) + (result.reshares ?? 0);
}

export function scorePosts(posts: readonly PostWithResults[]): ScoredPost[] {
  const scored: ScoredPost[] = [];
  for (const { post, result } of posts) {
    if (!result) continue;
    const impressions = result.impressions ?? 0;
    const engagements = engagementsOf(result);
    scored.push({
      post,
      impressions,
      reach: result.members_reached ?? impressions,
      membersReached: result.members_reached ?? null,
      engagements,
      rate: impressions > 0 ? engagements / impressions : null,
      readAt: result.read_at,
      source: result.source === 'api' ? 'api' : 'export',
    });
  }
  return scored;
}

const dayOf = (iso: string) => iso.slice(0, 10);

function periodStart(iso: string, unit: 'week' | 'month'): string {
  const day = new Date(`${dayOf(iso)}T00:00:00Z`);
  if (unit === 'month') return `${dayOf(iso).slice(0, 7)}-01`;
  const weekday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - weekday * 86_400_000).toISOString().slice(0, 10);
}

const periodLabel = (start: string, unit: 'week' | 'month') =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    ...(unit === 'month'
      ? { month: 'short', year: 'numeric' }
      : { day: 'numeric', month: 'short', year: 'numeric' }),
  }).format(new Date(`${start}T00:00:00Z`));

/** Impressions and engagements by the week (or, over more than half a year, the month) the posts went out. */
export function resultsSeries(scored: readonly ScoredPost[]): {
  unit: 'week' | 'month';
  points: ChartPoint[];
} {
  if (scored.length === 0) return { unit: 'week', points: [] };
  const times = scored.map((each) => Date.parse(each.post.publishedAt));
  const span = Math.max(...times) - Math.min(...times);
  const unit = span > 183 * 86_400_000 ? 'month' : 'week';
  const points = new Map<string, ChartPoint>();
  for (const each of scored) {
    const start = periodStart(each.post.publishedAt, unit);
    const point = points.get(start) ?? {
      start,
      label: periodLabel(start, unit),
      impressions: 0,
      engagements: 0,
      posts: 0,
    };
    point.impressions += each.impressions;
    point.engagements += each.engagements;
    point.posts += 1;
    points.set(start, point);
  }
  return { unit, points: [...points.values()].sort((a, b) => a.start.localeCompare(b.start)) };
}

/** The posts a creator learns most from: at least this many impressions before a rate says anything. */
const minImpressionsForRate = 100;
const topCount = 5;

/** What most of the top posts share, each trait's commonest value among them against all posts. */
export function sharedTraits(
  top: readonly ScoredPost[],
  all: readonly ScoredPost[],
  timeZone: string,
): SharedTrait[] {
  if (top.length === 0) return [];
  const traitsOf = new Map<string, PostTraits>(
    all.map((each) => [each.post.id, postTraits(each.post, timeZone)]),
  );
  const shared: SharedTrait[] = [];
  for (const trait of Object.keys(traitLabels) as TraitName[]) {
    const counts = new Map<string, number>();
    for (const each of top) {
      const value = traitsOf.get(each.post.id)![trait];
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const [value, inTop] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    const overall = [...traitsOf.values()].filter((traits) => traits[trait] === value).length / traitsOf.size;
    shared.push({ trait: traitLabels[trait], value, inTop, top: top.length, overall });
  }
  return shared;
}

/** The Results page's figures, from the author's published posts and their results. */
export function summarizeResults(posts: readonly PostWithResults[], timeZone: string): ResultsSummary {
  const scored = scorePosts(posts);
  const { unit, points } = resultsSeries(scored);
  const rated = scored.filter((each) => each.rate !== null && each.impressions >= minImpressionsForRate);
  const topByRate = rated
    .toSorted((a, b) => b.rate! - a.rate! || b.impressions - a.impressions)
    .slice(0, topCount);
  const topByReach = scored
    .toSorted((a, b) => b.reach - a.reach || b.engagements - a.engagements)
    .slice(0, topCount);
  const top = [...new Map([...topByRate, ...topByReach].map((each) => [each.post.id, each])).values()];
  return {
    scored,
    series: points,
    seriesUnit: unit,
    topByRate,
    topByReach,
    shared: sharedTraits(top, scored, timeZone),
    withoutResults: posts.length - scored.length,
  };
}
