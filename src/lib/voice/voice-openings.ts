import { shorten, type Paragraph, type Post, type Sentence } from './voice-text';

/** How the author opens and closes a post, for the voice profile. */

type Opening = 'story' | 'question' | 'number' | 'statement' | 'other';
type Closing = 'question' | 'action' | 'takeaway';

/**
 * A first-person sentence told in the past: "I", "we", "my" or "our" followed within three words by
 * a verb in the past ("Last week I hired…", "Our team spent…"), or with "yesterday" or "ago".
 */
function isStory(sentence: Sentence): boolean {
  const words = sentence.tokens.map(
    (token) => /\p{L}(?:[\p{L}'’-]*\p{L})?/u.exec(token.toLowerCase())?.[0] ?? '',
  );
  const firstPerson = new Set(['i', 'i’ve', "i've", 'i’d', "i'd", 'my', 'me', 'we', 'our']);
  // After these an "-ed" word describes the present ("I'm excited", "so proud"), not a past event.
  const beforeAdjective = new Set(
    `am is are i'm i’m we're we’re it's it’s be feel feeling get getting so very really`.split(' '),
  );
  const irregularPast = new Set(
    `was were had did got went made said told took left lost quit spent met sent began wrote thought found
    saw came became knew gave ran sat felt heard built bought paid kept sold led won fell broke spoke chose
    drove flew grew caught taught brought fought forgot stood woke wore`.split(/\s+/u),
  );
  const inPast = (index: number) => {
    const word = words[index] ?? '';
    if (beforeAdjective.has(words[index - 1] ?? '')) return false;
    if (irregularPast.has(word)) return true;
    return word.length > 3 && word.endsWith('ed') && !/(?:eed|hundred|sacred|naked|wicked)$/u.test(word);
  };
  const told = (index: number) => [1, 2, 3].some((offset) => inPast(index + offset));
  const dated = words.includes('yesterday') || words.includes('ago');
  return words.some((word, index) => firstPerson.has(word) && (dated || told(index)));
}

/** Whether the sentence ends with a question mark, perhaps followed by an emoji or a closing quote. */
function isQuestion(sentence: Sentence): boolean {
  return /\?[^\p{L}?]*$/u.test(sentence.tokens.join(' '));
}

/**
 * The kind of a post's first sentence; a statement is short (8 words or fewer) or goes against a
 * common view ("Stop hiring for culture fit", "Remote work is not…").
 */
function classifyOpening(sentence: Sentence): Opening {
  const text = sentence.tokens.join(' ');
  if (isQuestion(sentence)) return 'question';
  if (isStory(sentence)) return 'story';
  if (/^[^\p{L}\p{N}\p{Sc}]*\p{Sc}?\p{N}/u.test(text)) return 'number';
  const contrarian =
    /^\P{L}*(?:stop|unpopular opinion|hot take|forget|nobody|no one)\b|\b(?:not|never|no longer)\b|n['’]t\b/iu;
  return sentence.words <= 8 || contrarian.test(text) ? 'statement' : 'other';
}

/**
 * The kind of a post's last paragraph: a question if its last sentence is one, a call to action if
 * a sentence starts with one of the first list or says one of the second anywhere.
 */
function classifyClosing(paragraph: Paragraph): Closing {
  const last = paragraph.sentences.at(-1);
  if (last && isQuestion(last)) return 'question';
  const callToAction =
    /^\P{L}*(?:comment|repost|follow|subscribe|register|sign up|download|grab|dm|message me|tell me|check out|click|drop|tag|share (?:this|it|your)|save this|join (?:us|me|the))\b/iu;
  const callToActionAnywhere =
    /\b(?:let me know|in the comments|link in|link below|dm me|reach out|follow me|repost)\b/iu;
  const texts = paragraph.sentences.map((sentence) => sentence.tokens.join(' '));
  return texts.some((text) => callToAction.test(text) || callToActionAnywhere.test(text))
    ? 'action'
    : 'takeaway';
}

/** Labels by how many posts have them, most first (ties: the one seen first). */
function rank<T extends string>(labels: readonly T[]): Array<{ label: T; posts: number }> {
  const counts = new Map<T, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, posts]) => ({ label, posts })).sort((a, b) => b.posts - a.posts);
}

/**
 * "Opens with …" (one post), "Opens every post with …", "Usually ends with … (3 of 5 posts)", or
 * with no habit in most posts the three most common: "Opens with … (2 of 5 posts), … (2 of 5) or … (1 of 5)".
 */
function describeHabit(verb: 'Opens' | 'Ends', labels: readonly string[]): string {
  const ranked = rank(labels);
  const top = ranked[0];
  const total = labels.length;
  if (total === 1 || !top) return `${verb} with ${labels.join('')}`;
  if (top.posts === total) return `${verb} every post with ${top.label}`;
  if (top.posts * 2 > total)
    return `Usually ${verb.toLowerCase()} with ${top.label} (${top.posts} of ${total} posts)`;
  const kinds = ranked
    .slice(0, 3)
    .map(({ label, posts }, index) => `${label} (${posts} of ${total}${index === 0 ? ' posts' : ''})`);
  const last = kinds.pop();
  return `${verb} with ${kinds.join(', ')} or ${last}`;
}

export function describeOpenings(posts: readonly Post[]): string {
  const openingLabels: Record<Opening, string> = {
    story: 'a first-person story',
    question: 'a question',
    number: 'a number or statistic',
    statement: 'a short or contrarian statement',
    other: 'a longer statement',
  };
  const kinds = posts.map((post) => classifyOpening(post.first));
  const habit = describeHabit(
    'Opens',
    kinds.map((kind) => openingLabels[kind]),
  );
  const top = rank(kinds)[0]?.label;
  const example = posts.find((_, index) => kinds[index] === top)?.first.line ?? '';
  return `${habit}, like "${shorten(example, 60)}"`;
}

export function describeClosings(posts: readonly Post[]): string {
  const closingLabels: Record<Closing, string> = {
    question: 'a question to readers',
    action: 'a call to action',
    takeaway: 'a takeaway',
  };
  const kinds = posts.map((post) => classifyClosing(post.last));
  return describeHabit(
    'Ends',
    kinds.map((kind) => closingLabels[kind]),
  );
}
