import { describe, expect, it } from 'vitest';
import { visiblePostText } from './think-filter';

describe('visiblePostText (docs/product.md §12 thinking markers)', () => {
  it.each([
    ['plain text passes through', 'Hello world', 'Hello world'],
    ['nothing while thinking is open', '<think>planning the post', ''],
    ['only the text after the closing marker', '<think>plan</think>\n\nThe post', 'The post'],
    ['a partial closing marker still hides everything', '<think>plan</thi', ''],
    ['text before an opening marker is hidden too once thinking starts', 'Intro <think>x', ''],
    ['the last closing marker wins', '<think>a</think>b<think>c</think>final', 'final'],
    ['an empty reply stays empty', '', ''],
  ])('%s', (_name, input, expected) => {
    expect(visiblePostText(input)).toBe(expected);
  });
});
