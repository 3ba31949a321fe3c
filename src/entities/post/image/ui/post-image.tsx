import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { messages } from '@/config/messages';
import { usePostImageUrl } from '@/entities/post/image/use-post-image-url';

interface ImageProps {
  alt: string | null;
  className?: string;
}

/** How LinkedIn shows a post's single image: the full width under the text, at its own aspect ratio. */
export function PostImageFrame({ src, alt, className = '' }: ImageProps & { src: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <ImageUnavailable className={className} />;
  return (
    <img
      src={src}
      alt={alt ?? ''}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className={`block max-h-[36rem] w-full bg-slate-100 object-contain ${className}`}
    />
  );
}

/** A stored post image (by its object name), loaded through a signed link. */
export function PostImage({ path, alt, className = '' }: ImageProps & { path: string }) {
  const link = usePostImageUrl(path);
  if (link.status === 'failed') return <ImageUnavailable className={className} />;
  if (link.status === 'loading')
    return (
      <div aria-hidden="true" className={`aspect-video w-full animate-pulse bg-slate-100 ${className}`} />
    );
  return <PostImageFrame src={link.url} alt={alt} className={className} />;
}

function ImageUnavailable({ className }: { className: string }) {
  return (
    <div
      role="img"
      aria-label={messages.image_unavailable}
      className={`flex aspect-video w-full items-center justify-center gap-2 bg-slate-100 text-sm text-slate-500 ${className}`}
    >
      <ImageOff aria-hidden="true" className="h-5 w-5" /> {messages.image_unavailable}
    </div>
  );
}
