import { invalidWebsiteMessage, normalizeWebsite } from './normalize-website';

describe('normalizeWebsite', () => {
  it('leaves empty input empty', () => {
    expect(normalizeWebsite('')).toBe('');
  });

  it('treats whitespace-only input as empty', () => {
    expect(normalizeWebsite('   ')).toBe('');
  });

  it('prefixes https:// when there is no scheme', () => {
    expect(normalizeWebsite('example.com')).toBe('https://example.com');
    expect(normalizeWebsite('www.example.co.uk/about')).toBe('https://www.example.co.uk/about');
  });

  it('keeps an http:// or https:// URL as typed', () => {
    expect(normalizeWebsite('http://a.b/c')).toBe('http://a.b/c');
    expect(normalizeWebsite('https://example.com/path?q=1')).toBe('https://example.com/path?q=1');
  });

  it('trims surrounding whitespace', () => {
    expect(normalizeWebsite('  example.com  ')).toBe('https://example.com');
    expect(normalizeWebsite('\thttps://example.com\n')).toBe('https://example.com');
  });

  it('allows localhost although it has no dot', () => {
    expect(normalizeWebsite('localhost')).toBe('https://localhost');
    expect(normalizeWebsite('http://localhost:5173')).toBe('http://localhost:5173');
  });

  it.each([
    'not a url',
    'javascript:alert(1)',
    'ftp://x.y',
    'https://nodot',
    'nodot',
    'mailto://a@b.c',
    'https://',
  ])('rejects %s with null', (input) => {
    expect(normalizeWebsite(input)).toBeNull();
  });

  it('the invalid message is the one the forms show', () => {
    expect(invalidWebsiteMessage).toBe('Please enter a valid website address, like https://example.com');
  });
});
