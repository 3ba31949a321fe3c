import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';

/** Only these link schemes survive; `javascript:` and friends become inert. */
const safeSchemes = /^(https?:|mailto:|#|\/)/i;

function safeUrl(url: string): string {
  const transformed = defaultUrlTransform(url);
  return safeSchemes.test(transformed) ? transformed : '';
}

const components: Components = {
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
 * skipped, unsafe link targets are removed, and links open in a new tab without access to this one.
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
