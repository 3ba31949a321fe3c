import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';

/** Only these link schemes survive; `javascript:` and friends become inert. */
const safeSchemes = /^(https?:|mailto:|#|\/)/i;

function safeUrl(url: string): string {
  const transformed = defaultUrlTransform(url);
  return safeSchemes.test(transformed) ? transformed : '';
}

const components: Components = {
  // Never an <img>: loading a remote image would send its URL, which a prompt-injected reply can fill
  // with the post's text, to any server. The page's Content-Security-Policy blocks it as well.
  img: ({ alt, src }) => {
    const label = alt || (typeof src === 'string' ? src : '');
    return <span className="text-slate-500">{label ? `Image: ${label}` : 'Image'}</span>;
  },
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-600 underline">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

/**
 * Renders untrusted markdown (AI replies, post content) as text and formatting only: raw HTML is
 * skipped, images are shown as their alt text and never loaded, unsafe link targets are removed, and
 * links open in a new tab without access to this one.
 * The only module that imports react-markdown; load it lazily.
 */
export function Markdown({ children, className = '' }: { children: string; className?: string }) {
  return (
    <div
      className={`prose-sm max-w-none break-words [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-5 ${className}`}
    >
      <ReactMarkdown skipHtml urlTransform={safeUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}

export default Markdown;
