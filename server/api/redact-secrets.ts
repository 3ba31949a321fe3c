const hidden = '[redacted]';
const maxMessageLength = 200;

/**
 * Key-shaped strings, for secrets the server does not know by value (a provider echoing another
 * key, a token from a header it quotes). Each keeps what names the secret and hides the value.
 */
const keyPatterns: [RegExp, string][] = [
  // A token after "Bearer" in a quoted header or message.
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, `Bearer ${hidden}`],
  // Provider key formats: Groq, Anthropic, OpenAI-style, Perplexity, Google (always 39 characters).
  [/\bgsk_[A-Za-z0-9_-]{4,}/g, hidden],
  [/\bsk-ant-[A-Za-z0-9_-]{4,}/g, hidden],
  [/\bsk-(?:proj-)?[A-Za-z0-9_-]{16,}/g, hidden],
  [/\bpplx-[A-Za-z0-9_-]{4,}/g, hidden],
  [/AIza[0-9A-Za-z_-]{35}/g, hidden],
  // JWTs (access tokens, service keys).
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, hidden],
  // A key in a quoted URL (YouTube takes its key as ?key=…).
  [/([?&](?:key|api_key|apikey|access_token|token)=)[^&\s"'<>#]+/gi, `$1${hidden}`],
  // A key in a quoted header or JSON field; a "Bearer …" value was handled above.
  [
    /\b((?:x-)?api[-_]?key|authorization)(["']?\s*[:=]\s*["']?)(?!Bearer\b|Basic\b|\[redacted\])[^\s"',;&}]+/gi,
    `$1$2${hidden}`,
  ],
  // Long hex secrets (32+ digits: 128 bits and more).
  [/\b[0-9a-f]{32,}\b/gi, hidden],
];

// Long base64 runs are secrets only when they look random: upper and lower case letters and digits.
// Model ids and paths (lower case, dashes, slashes) stay readable.
const base64Run = /[A-Za-z0-9+/_-]{32,}={0,2}/g;
const looksRandom = (run: string) => /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);

/**
 * Hides secrets in a provider's text before any of it reaches a browser: the server's own keys
 * by value (plain and URL-encoded), then anything key-shaped.
 */
export function redactSecrets(text: string, knownSecrets: readonly string[]): string {
  let result = text;
  for (const secret of knownSecrets) {
    if (secret.trim() === '') continue;
    for (const form of new Set([secret, encodeURIComponent(secret)]))
      result = result.split(form).join(hidden);
  }
  for (const [pattern, replacement] of keyPatterns) result = result.replace(pattern, replacement);
  return result.replace(base64Run, (run) => (looksRandom(run) ? hidden : run));
}

/** A provider's own error message as the browser may see it: redacted, on one line, at most 200 characters. */
export function sanitiseProviderMessage(message: string, knownSecrets: readonly string[]): string {
  // Redact first: cutting first could leave half a key that no pattern recognises.
  const text = redactSecrets(message, knownSecrets).replace(/\s+/g, ' ').trim();
  if (text.length <= maxMessageLength) return text;
  const cut = text.slice(0, maxMessageLength - 1).replace(/[\uD800-\uDBFF]$/, '');
  return `${cut}…`;
}
