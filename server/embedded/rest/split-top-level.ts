/**
 * Splits `text` on `separator` where it is outside parentheses, outside `{…}` array literals and
 * outside double quotes, the way PostgREST reads `in.(…)` lists, logic trees and select lists
 * (`or=(tags.cs.{a,b},id.eq(any).{1,2})` has two conditions).
 */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let braces = 0;
  let inQuotes = false;
  let current = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (inQuotes) {
      current += char;
      if (char === '\\' && index + 1 < text.length) {
        current += text[index + 1];
        index += 1;
      } else if (char === '"') {
        inQuotes = false;
      }
      continue;
    }
    if (char === '"') inQuotes = true;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '{') braces += 1;
    else if (char === '}' && braces > 0) braces -= 1;
    if (char === separator && depth === 0 && braces === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/** True when parentheses and double quotes in `text` are balanced. */
export function isBalanced(text: string): boolean {
  let depth = 0;
  let inQuotes = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inQuotes) {
      if (char === '\\') index += 1;
      else if (char === '"') inQuotes = false;
    } else if (char === '"') inQuotes = true;
    else if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth < 0) return false;
    }
  }
  return depth === 0 && !inQuotes;
}

/** Removes PostgREST double quotes (`"a,b"` → `a,b`, with `\"` and `\\` escapes); other text is unchanged. */
export function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}
