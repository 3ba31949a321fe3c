import { GalleryHorizontal } from 'lucide-react';
import type { Post } from '../../post';
import { carouselMarkerText, carouselSlideCount, hasCarousel } from '../carousel';

/** "Carousel · 8 slides" on a post that has a carousel (Saved Posts, the calendar); nothing otherwise. */
export function CarouselMarker({ post }: { post: Pick<Post, 'carousel_path' | 'carousel_slides'> }) {
  if (!hasCarousel(post)) return null;
  return (
    <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700">
      <GalleryHorizontal aria-hidden="true" className="h-3.5 w-3.5" />
      {carouselMarkerText(carouselSlideCount(post.carousel_slides))}
    </p>
  );
}
