/** At most this many characters, as the database counts them (topic_ideas.topic, docs/product.md §16.1). */
export const ideaTopicMaxLength = 1000;

/** A second idea with a topic the user already has (the table keeps one per topic and user). */
export const topicAlreadySaved = 'Topic already saved';
export const blankIdeaMessage = 'Type an idea first.';

const count = (n: number) => n.toLocaleString('en-US');

export type IdeaTopicCheck = { ok: true; topic: string } | { ok: false; blank: boolean; message: string };

/**
 * An idea typed by hand, as it is stored: trimmed (as a saved post's topic is, so writing about it
 * later counts on this idea), not blank, and at most 1,000 characters. Characters are counted as
 * Postgres' char_length counts them (code points), so 1,000 emoji fit although they are 2,000
 * UTF-16 units.
 */
export function checkIdeaTopic(input: string): IdeaTopicCheck {
  const topic = input.trim();
  if (topic === '') return { ok: false, blank: true, message: blankIdeaMessage };
  const length = Array.from(topic).length;
  if (length > ideaTopicMaxLength) {
    return {
      ok: false,
      blank: false,
      message: `That idea is too long: ${count(length)} characters. An idea can have at most ${count(ideaTopicMaxLength)}.`,
    };
  }
  return { ok: true, topic };
}
