import type { Components } from 'react-markdown';
import { safeUrl } from './safe-url';

/**
 * The typography of rendered markdown. Tailwind's preflight strips every element's own look (an
 * `<h2>` is body text, a `<blockquote>` is a plain paragraph), so each element gets its style here.
 * Sizes are relative to the small body text of a chat bubble or a post: headings stay modest.
 */
export const markdownComponents: Components = {
  h1: ({ children }) => (
    <h1 className="mt-4 mb-2 text-xl leading-snug font-semibold text-slate-900 first:mt-0">{children}</h1>
  ),
  h2: ({ children }) => (
    <h2 className="mt-4 mb-2 text-lg leading-snug font-semibold text-slate-900 first:mt-0">{children}</h2>
  ),
  h3: ({ children }) => (
    <h3 className="mt-3 mb-1.5 text-base leading-snug font-semibold text-slate-900 first:mt-0">{children}</h3>
  ),
  h4: ({ children }) => (
    <h4 className="mt-3 mb-1 text-sm font-semibold text-slate-900 first:mt-0">{children}</h4>
  ),
  h5: ({ children }) => (
    <h5 className="mt-3 mb-1 text-sm font-semibold text-slate-700 first:mt-0">{children}</h5>
  ),
  h6: ({ children }) => (
    <h6 className="mt-3 mb-1 text-xs font-semibold tracking-wide text-slate-700 uppercase first:mt-0">
      {children}
    </h6>
  ),
  p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children, className }) => (
    <ul
      className={`my-2 space-y-1 pl-5 ${className?.includes('contains-task-list') ? 'list-none pl-1' : 'list-disc'}`}
    >
      {children}
    </ul>
  ),
  ol: ({ children, start }) => (
    <ol start={start} className="my-2 list-decimal space-y-1 pl-5">
      {children}
    </ol>
  ),
  li: ({ children }) => <li className="pl-1 marker:text-slate-500">{children}</li>,
  blockquote: ({ children }) => (
    <blockquote className="my-3 border-l-4 border-slate-300 pl-4 text-slate-700 italic">
      {children}
    </blockquote>
  ),
  hr: () => <hr className="my-4 border-t border-slate-200" />,
  strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  del: ({ children }) => <del className="text-slate-600">{children}</del>,
  pre: ({ children }) => (
    // Long lines scroll inside the block; tabIndex lets a keyboard user scroll it too.
    <pre
      tabIndex={0}
      className="my-3 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit"
    >
      {children}
    </pre>
  ),
  code: ({ children }) => (
    <code className="rounded bg-slate-200/70 px-1 py-0.5 font-mono text-[0.9em] text-slate-900">
      {children}
    </code>
  ),
  table: ({ children }) => (
    <div tabIndex={0} className="my-3 overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full border-collapse text-left text-sm">{children}</table>
    </div>
  ),
  thead: ({ children }) => <thead className="bg-slate-50">{children}</thead>,
  tr: ({ children }) => <tr className="border-b border-slate-200 last:border-b-0">{children}</tr>,
  th: ({ children, style }) => (
    <th scope="col" style={style} className="px-3 py-2 font-semibold whitespace-nowrap text-slate-900">
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="px-3 py-2 align-top text-slate-800">
      {children}
    </td>
  ),
  input: ({ checked }) => (
    // GFM task lists: a read-only checkbox, announced as checked or not.
    <input
      type="checkbox"
      checked={Boolean(checked)}
      disabled
      readOnly
      aria-label={checked ? 'Done' : 'To do'}
      className="mr-1.5 align-middle"
    />
  ),
  // Never an <img>: loading a remote image would send its URL, which a prompt-injected reply can fill
  // with the post's text, to any server. The page's Content-Security-Policy blocks it as well.
  img: ({ alt, src }) => {
    const label = alt || (typeof src === 'string' ? src : '');
    return <span className="text-slate-600">{label ? `Image: ${label}` : 'Image'}</span>;
  },
  a: ({ href, children }) =>
    href && safeUrl(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-600 underline">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};
