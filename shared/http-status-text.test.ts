import { describe, expect, it } from 'vitest';
import { httpStatusText } from './http-status-text.ts';

describe('httpStatusText', () => {
  it.each([
    [401, 'Unauthorized'],
    [429, 'Too Many Requests'],
    [529, 'Overloaded'],
  ])('gives %i its reason phrase, %s', (status, text) => {
    expect(httpStatusText(status)).toBe(text);
  });

  it('says "Error" for a status it has no phrase for', () => {
    expect(httpStatusText(418)).toBe('Error');
  });
});
