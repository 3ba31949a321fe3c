import { describe, expect, it } from 'vitest';
import { splitReply } from './suggested-posts';

describe('splitReply', () => {
  it('finds the suggested version between the coach’s words', () => {
    const reply = [
      'A sharper hook helps. Try this:',
      '',
      '```post',
      'I fired my best client.',
      '',
      'Here is why.',
      '```',
      '',
      'It opens on the surprise.',
    ].join('\n');
    expect(splitReply(reply)).toEqual([
      { kind: 'text', text: 'A sharper hook helps. Try this:' },
      { kind: 'post', text: 'I fired my best client.\n\nHere is why.' },
      { kind: 'text', text: 'It opens on the surprise.' },
    ]);
  });

  it('leaves a reply without a post block (or with other code) as words', () => {
    expect(splitReply('Use fewer hashtags.\n\n```js\nx()\n```')).toEqual([
      { kind: 'text', text: 'Use fewer hashtags.\n\n```js\nx()\n```' },
    ]);
  });

  it('offers each of several versions', () => {
    const reply = '```post\nOne\n```\nor\n```post\nTwo\n```';
    expect(splitReply(reply).filter((part) => part.kind === 'post')).toHaveLength(2);
  });
});
