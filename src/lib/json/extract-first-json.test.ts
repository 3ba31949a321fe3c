import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFirstJsonObject } from './extract-first-json';

const invalid = 'Invalid JSON response from Perplexity API';

describe('extractFirstJsonObject', () => {
  it.each([
    ['a bare object', '{"a":1}', { a: 1 }],
    ['prose around it', 'Here is what I found:\n{"a":[1,2]}\nHope this helps!', { a: [1, 2] }],
    ['a ```json fence', '```json\n{"a":{"b":true}}\n```', { a: { b: true } }],
    ['braces inside strings', 'x {"text":"a } and { b","n":null} y', { text: 'a } and { b', n: null }],
    ['escaped quotes and backslashes', '{"q":"she said \\"}\\" \\\\","k":2}', { q: 'she said "}" \\', k: 2 }],
    ['the first of two objects', '{"first":1}\n{"second":2}', { first: 1 }],
    ['a non-JSON brace span before the object', 'Fill in {placeholder} then: {"ok":true}', { ok: true }],
    ['an object inside an array', '[{"a":1}]', { a: 1 }],
  ])('finds %s', (_name, text, expected) => {
    expect(extractFirstJsonObject(text)).toEqual(expected);
  });

  it.each([
    ['no JSON at all', 'I could not find anything.'],
    ['an empty reply', ''],
    ['only an array', '[1, 2, 3]'],
    ['unquoted keys and a trailing comma', '{a: 1, b: 2,}'],
    ['an object cut off, even when an inner object is complete', '{"a": {"b": 1}'],
    ['an unterminated string', '{"a": "b}'],
  ])('rejects %s', (_name, text) => {
    expect(() => extractFirstJsonObject(text)).toThrow(new Error(invalid));
  });

  const noBrace = fc.string().filter((text) => !text.includes('{'));
  const jsonObject = fc.dictionary(fc.string(), fc.jsonValue());

  it('extracts any JSON object embedded in text without an opening brace before it', () => {
    fc.assert(
      fc.property(noBrace, jsonObject, fc.string(), fc.boolean(), (prefix, object, suffix, pretty) => {
        const json = pretty ? JSON.stringify(object, null, 2) : JSON.stringify(object);
        expect(extractFirstJsonObject(`${prefix}${json}${suffix}`)).toEqual(JSON.parse(json));
      }),
    );
  });

  it('returns an object or throws exactly the invalid-JSON error, for any text', () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: fc.constantFrom('{', '}', '"', '\\', ':', ',', '[', ']', 'a', '1', ' ') }),
      fc.tuple(fc.string(), fc.json(), fc.string()).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, (input) => {
        let result: unknown;
        try {
          result = extractFirstJsonObject(input);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          expect((error as Error).message).toBe(invalid);
          return;
        }
        expect(typeof result).toBe('object');
        expect(result).not.toBeNull();
        expect(Array.isArray(result)).toBe(false);
      }),
    );
  });
});
