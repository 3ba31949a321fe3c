import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { markdownComponents } from './markdown-components';
import { safeUrl } from './safe-url';

const remarkPlugins = [remarkGfm];

/**
 * Renders untrusted markdown (AI replies, post content) as text and formatting only: raw HTML is
 * skipped, images are shown as their alt text and never loaded, unsafe link targets are removed, and
 * links open in a new tab without access to this one. GitHub-flavoured markdown (tables, task
 * lists, strikethrough, autolinks) is understood, as AI replies use it.
 * The only module that imports react-markdown; load it lazily.
 */
export function Markdown({ children, className = '' }: { children: string; className?: string }) {
  return (
    <div className={`max-w-none min-w-0 break-words ${className}`}>
      <ReactMarkdown
        skipHtml
        remarkPlugins={remarkPlugins}
        urlTransform={safeUrl}
        components={markdownComponents}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}

export default Markdown;
