/**
 * What the libraries need to run under the page's strict Content-Security-Policy. This module runs
 * for its effects and must be the first import of main.tsx: both settings are read while other
 * modules are being evaluated.
 *
 * 1. The policy lets a `<style>` element in only with the page's nonce. react-hot-toast styles its
 *    toasts through goober, which writes its CSS into such an element (created while react-hot-toast
 *    is imported) and stamps it with `window.__nonce__`. The server hands the nonce over in
 *    `<meta property="csp-nonce" nonce="…">`, read through the `nonce` property (browsers hide the
 *    attribute's value).
 * 2. zod probes for eval (`new Function`) to compile fast parsers; the policy forbids eval and the
 *    browser reports every probe as a violation even though zod catches it. Jitless mode skips it.
 *    zod keeps its settings on `globalThis.__zod_globalConfig`, shared by every copy of zod and
 *    created only when absent (zod/v4/core/core.js); setting it here, before zod loads, is what
 *    `z.config({ jitless: true })` does without pulling zod's core into the first download (+4 kB
 *    gzip). tests/e2e/research.test.ts fails on the violation if a zod upgrade changes this.
 */
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) (window as Window & { __nonce__?: string }).__nonce__ = nonce;

const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };
