import type { ReactNode } from 'react';
import { usePostImageUrl } from '@/entities/post/image/use-post-image-url';

interface WithPostImageUrlProps {
  /** The stored image's object name, or null for a post without one. */
  path: string | null;
  /** Drawn with the image's link: null without an image, and while the link is signed or if it fails. */
  children: (url: string | null) => ReactNode;
}

/** The link that shows a stored post image, for a part that takes a URL (the publish confirmation). */
export function WithPostImageUrl({ path, children }: WithPostImageUrlProps) {
  return path ? <SignedUrl path={path}>{children}</SignedUrl> : children(null);
}

function SignedUrl({ path, children }: { path: string; children: WithPostImageUrlProps['children'] }) {
  const link = usePostImageUrl(path);
  return children(link.status === 'ready' ? link.url : null);
}
