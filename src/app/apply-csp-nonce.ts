/**
 * The page's Content-Security-Policy lets a `<style>` element in only with the page's nonce.
 * react-hot-toast styles its toasts through goober, which writes its CSS into such an element and
 * stamps it with `window.__nonce__`; the server hands the nonce over in
 * `<meta property="csp-nonce" nonce="…">` (read through the `nonce` property: browsers hide the
 * attribute's value). This module runs for its effect and must be the first import of main.tsx,
 * because goober creates its element while react-hot-toast is being imported.
 */
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) (window as Window & { __nonce__?: string }).__nonce__ = nonce;

export {};
