/**
 * A topic handed to the generator from another page (the Ideas Bank's "Reuse"), kept in
 * sessionStorage under the product's `selectedTopic` key (docs/product.md §5.8, §8.3) so it survives
 * the navigation and a reload, and nothing else can read it. The app owns this hand-over: the pages
 * receive these functions as props and never know of each other.
 */
const selectedTopicKey = 'selectedTopic';
/** The post a handed-over topic asks a new version of ("Write a new version"), as JSON. */
const sourcePostKey = 'selectedTopicSource';

export interface SourcePost {
  content: string;
  date: string;
}

export function handOverTopic(topic: string, source?: SourcePost): void {
  sessionStorage.setItem(selectedTopicKey, topic);
  if (source) sessionStorage.setItem(sourcePostKey, JSON.stringify(source));
  else sessionStorage.removeItem(sourcePostKey);
}

/**
 * The post the last handed-over topic asks a new version of (the post check compares the draft
 * with it), until another topic is handed over: reading it does not clear it.
 */
export function handedOverSource(): SourcePost | null {
  try {
    const source = JSON.parse(sessionStorage.getItem(sourcePostKey) ?? 'null') as SourcePost | null;
    return typeof source?.content === 'string' ? source : null;
  } catch {
    return null;
  }
}

/** The topic waiting for the generator, once: taking it clears it. */
export function takeHandedOverTopic(): string | null {
  const topic = sessionStorage.getItem(selectedTopicKey);
  if (topic !== null) sessionStorage.removeItem(selectedTopicKey);
  return topic;
}

export function forgetHandedOverTopic(): void {
  sessionStorage.removeItem(selectedTopicKey);
  sessionStorage.removeItem(sourcePostKey);
}
