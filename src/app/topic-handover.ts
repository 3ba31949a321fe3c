/**
 * A topic handed to the generator from another page (the Ideas Bank's "Reuse"), kept in
 * sessionStorage under the product's `selectedTopic` key (docs/product.md §5.8, §8.3) so it survives
 * the navigation and a reload, and nothing else can read it. The app owns this hand-over: the pages
 * receive these functions as props and never know of each other.
 */
const selectedTopicKey = 'selectedTopic';

export function handOverTopic(topic: string): void {
  sessionStorage.setItem(selectedTopicKey, topic);
}

/** The topic waiting for the generator, once: taking it clears it. */
export function takeHandedOverTopic(): string | null {
  const topic = sessionStorage.getItem(selectedTopicKey);
  if (topic !== null) sessionStorage.removeItem(selectedTopicKey);
  return topic;
}

export function forgetHandedOverTopic(): void {
  sessionStorage.removeItem(selectedTopicKey);
}
