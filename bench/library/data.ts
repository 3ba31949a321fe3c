/**
 * Deterministic, realistic seed data for the large-library benchmark: 10,000 posts spread over the
 * last ~24 months (with a busy current month) and 10,000 distinct topic ideas. A seeded PRNG keeps
 * every run identical, so runs compare like with like.
 */

/** mulberry32: a small, fast, seedable PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

/** The items of a list written one or a few to a line, separated by `|`. */
const list = (text: string): string[] =>
  text
    .split(/[|\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function shuffle<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const angles = list(`
What I learned about {s} {a} | Why I keep coming back to {s} {a}
3 mistakes I made with {s} {a} | The hidden cost of ignoring {s} {a}
How to get started with {s} {a} | A simple framework for {s} {a}
What nobody tells you about {s} {a} | Lessons from a year of {s} {a}
The myth of effortless {s} {a} | Stop overthinking {s} {a} | My checklist for {s} {a}
How we measure {s} {a} | The one question that improved our {s} {a} | When to say no to {s} {a}
Rethinking {s} {a} | Small habits that compound: {s} {a}
The case against over-engineering {s} {a} | What great managers get right about {s} {a}
An unpopular opinion on {s} {a} | Before and after: {s} {a}
`);

const subjects = list(`
leadership in small teams | remote onboarding | code reviews | career growth | public speaking
hiring engineers | product discovery | technical debt | mentoring juniors
saying no to meetings | deep work | feedback culture | pricing strategy | customer interviews
AI-assisted writing | personal branding on LinkedIn | data-driven decisions | burnout prevention
async communication | sales and engineering alignment | building in public | servant leadership
negotiating a raise | design systems | startup fundraising | quiet leadership
incident postmortems | writing design docs | team rituals | cross-functional roadmaps
`);

const audiences = list(`
for first-time managers | in 2026 | at a 10-person startup | for senior engineers
in regulated industries | for career switchers | after a layoff | in hybrid teams
for solo founders | at enterprise scale | for new graduates | in a downturn | for introverts
on a tiny budget | across time zones | in open-source projects | for product managers
in agencies | for designers | in B2B SaaS | for consultants | in healthcare tech
for freelancers | in fast-growing scale-ups
`);

function topicOf(angle: string, subject: string, audience: string): string {
  return angle.replace('{s}', subject).replace('{a}', audience);
}

/** `count` distinct, realistic topics (20 × 30 × 24 = 14,400 combinations, shuffled). */
export function distinctTopics(random: Random, count: number): string[] {
  const all: string[] = [];
  for (const angle of angles) {
    for (const subject of subjects)
      for (const audience of audiences) all.push(topicOf(angle, subject, audience));
  }
  if (count > all.length) throw new Error(`only ${all.length} distinct topics, asked for ${count}`);
  return shuffle(random, all).slice(0, count);
}

const hooks = [
  'I used to get this completely wrong.',
  'Three years ago I would have disagreed with everything in this post.',
  'A short story from last week that I keep thinking about.',
  'This took me far too long to learn.',
  'Most advice on this is well meant and quietly wrong.',
  'We tried the popular approach first. It did not work.',
  'Here is the honest version, not the polished one.',
];

const paragraphs = [
  'The first thing I noticed was how much time we spent talking about the work instead of doing it.',
  'Nobody on the team was lazy. We were all busy, and busy felt like progress even when it was not.',
  'So we ran a small experiment: for one month, every meeting needed a written goal and a decision at the end.',
  'Half of our recurring meetings disappeared in the first week. Nobody missed them.',
  'The hardest part was not the process. It was admitting that some of the rituals existed because they made us feel safe.',
  'What changed the most was the quality of the questions people asked each other.',
  'We started writing things down before we talked about them, and the conversations got shorter and better.',
  'I also learned to ask "what would have to be true for this to work?" instead of arguing about opinions.',
  'The numbers moved slowly at first: fewer handoffs, fewer surprises at the end of a sprint, fewer late nights.',
  'After a quarter the difference was obvious to everyone, including the people who had been sceptical.',
  'If I had to summarise it in one sentence: clarity is a kindness, and ambiguity is a tax everybody pays.',
  'None of this requires a new tool. A shared document and a bit of discipline go a very long way.',
  'The people who benefited most were the quiet ones, who finally had space to think before answering.',
  'I made plenty of mistakes along the way. The biggest was trying to change everything at once.',
  'Start with one habit, make it boring and reliable, and only then add the next one.',
  'A mentor once told me that the job is not to have the answers but to make the questions visible.',
  'It sounds simple. It is simple. It is just not easy, especially when deadlines are loud.',
  'We measured three things every Friday: what we shipped, what we learned and what we stopped doing.',
  'The last one mattered most. Stopping things is how you make room for the work that counts.',
  'Some people left the experiment early, and that was fine. Change sticks when it is chosen, not imposed.',
  'Looking back, the turning point was a single honest conversation about what we were afraid of.',
  'If you lead a team, your calendar is a message. People read it more carefully than your slides.',
  'The best feedback I ever got was two sentences long and arrived the same day as the mistake.',
  'I now keep a short list of decisions we made and why. Future me is grateful every single month.',
];

const questions = [
  'What would you add to this list?',
  'Have you tried something similar? What happened?',
  'What is the one habit that changed how your team works?',
  'Agree or disagree? I would love to hear the other side.',
  'What did you learn the hard way this year?',
];

const hashtagPool = list(`
#Leadership | #CareerGrowth | #Productivity | #RemoteWork | #Startups | #SoftwareEngineering
#Management | #ProductManagement | #Hiring | #FutureOfWork
`);

export const postLengthRange = { min: 600, max: 1200 } as const;

/** A LinkedIn-style post of 600–1,200 characters: a hook, shuffled paragraphs, a question and hashtags. */
export function buildPostContent(random: Random, topic: string): string {
  const target =
    postLengthRange.min + 100 + Math.floor(random() * (postLengthRange.max - postLengthRange.min - 100));
  const tags = shuffle(random, hashtagPool)
    .slice(0, 3 + Math.floor(random() * 3))
    .join(' ');
  const head = [`${topic}.`, pick(random, hooks)].join(' ');
  const tail = [pick(random, questions), tags];
  const body: string[] = [];
  const length = (parts: string[]) => [head, ...parts, ...tail].join('\n\n').length;
  for (const paragraph of shuffle(random, paragraphs)) {
    if (length([...body, paragraph]) <= target) body.push(paragraph);
  }
  let text = [head, ...body, ...tail].join('\n\n');
  // A very long topic could leave a post short: top it up with a sentence (never past the maximum).
  while (text.length < postLengthRange.min) text = `${text} ${pick(random, paragraphs)}`;
  return text.slice(0, postLengthRange.max);
}

export interface SeedPost {
  topic: string;
  content: string;
  is_published: boolean;
  created_at: string;
}

export interface SeedIdea {
  topic: string;
  used_count: number;
  created_at: string;
}

export interface LibraryPlan {
  posts: SeedPost[];
  ideas: SeedIdea[];
  /** Posts created in the current local month (between its 1st and `now`). */
  currentMonthPosts: number;
  /** Posts created in the previous local month. */
  previousMonthPosts: number;
}

const minute = 60_000;

/**
 * `postCount` posts over the 24 months before `now`: `currentMonthPosts` of them between the 1st of
 * the current (local) month and `now`, the rest spread uniformly over the earlier ~23 months; about
 * 20% published. `ideaCount` distinct ideas over the same span, most used 0–3 times, a few heavily.
 */
export function planLibrary(options: {
  now: Date;
  postCount: number;
  ideaCount: number;
  currentMonthPosts: number;
  seed?: number;
}): LibraryPlan {
  const random = seededRandom(options.seed ?? 20261122);
  const now = options.now.getTime();
  const monthStart = new Date(options.now.getFullYear(), options.now.getMonth(), 1).getTime();
  const previousMonthStart = new Date(options.now.getFullYear(), options.now.getMonth() - 1, 1).getTime();
  const spanStart = new Date(
    options.now.getFullYear(),
    options.now.getMonth() - 24,
    options.now.getDate(),
  ).getTime();
  // Everything at least a minute before now, so "now" in the browser is never earlier than a post.
  const latest = Math.max(monthStart, now - minute);

  const postTopics = distinctTopics(random, 4000);
  const posts: SeedPost[] = [];
  for (let i = 0; i < options.postCount; i += 1) {
    const inCurrentMonth = i < options.currentMonthPosts;
    const from = inCurrentMonth ? monthStart : spanStart;
    const to = inCurrentMonth ? latest : monthStart;
    const created = from + Math.floor(random() * Math.max(1, to - from));
    const topic = pick(random, postTopics);
    posts.push({
      topic,
      content: buildPostContent(random, topic),
      is_published: random() < 0.2,
      created_at: new Date(created).toISOString(),
    });
  }

  const ideas = distinctTopics(random, options.ideaCount).map((topic): SeedIdea => {
    const roll = random();
    const used_count =
      roll < 0.55 ? 0 : roll < 0.85 ? 1 + Math.floor(random() * 3) : 4 + Math.floor(random() ** 3 * 60);
    const created = spanStart + Math.floor(random() * (now - minute - spanStart));
    return { topic, used_count, created_at: new Date(created).toISOString() };
  });

  const inRange = (from: number, to: number) =>
    posts.filter((post) => {
      const time = Date.parse(post.created_at);
      return time >= from && time < to;
    }).length;
  return {
    posts,
    ideas,
    currentMonthPosts: inRange(monthStart, Number.POSITIVE_INFINITY),
    previousMonthPosts: inRange(previousMonthStart, monthStart),
  };
}

/** Splits rows into chunks of at most `maxRows` rows and `maxBytes` of JSON each. */
export function chunkRows<T>(rows: readonly T[], maxRows: number, maxBytes: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 2;
  for (const row of rows) {
    const size = Buffer.byteLength(JSON.stringify(row)) + 1;
    if (current.length > 0 && (current.length >= maxRows || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 2;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
