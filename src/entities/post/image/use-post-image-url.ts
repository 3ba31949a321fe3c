import { useEffect, useState } from 'react';
import { postImageDisplayUrl } from './post-images';

export type ImageLink = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * A link that shows a stored post image where it is small (lists, calendar, previews): its display
 * rendition, or the original until it has one (see postImageDisplayUrl). Signed on first use and
 * reused after.
 */
export function usePostImageUrl(path: string): ImageLink {
  const [link, setLink] = useState<{ path: string; link: ImageLink }>({ path, link: { status: 'loading' } });
  useEffect(() => {
    let current = true;
    void postImageDisplayUrl(path).then((url) => {
      if (current) setLink({ path, link: url ? { status: 'ready', url } : { status: 'failed' } });
    });
    return () => {
      current = false;
    };
  }, [path]);
  return link.path === path ? link.link : { status: 'loading' };
}
