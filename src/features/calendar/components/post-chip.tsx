import { format } from 'date-fns';
import type { Post } from '@/lib/supabase/database-types';
import { postStatus } from './post-status';

interface PostChipProps {
  post: Post;
  onOpen: (post: Post) => void;
  /**
   * `cell` (a day of the month grid): the time above the topic, which gets the chip's whole width
   * and up to two lines. `row` (the agenda): the time beside the whole topic.
   */
  layout?: 'cell' | 'row';
}

/**
 * One post of the calendar: its time and topic, green when published and blue when a draft. The
 * accessible name starts with the visible text and adds the status ("2:05 PM Topic, Published"),
 * so the status is never carried by colour alone.
 */
export function PostChip({ post, onOpen, layout = 'cell' }: PostChipProps) {
  const { label, Icon, chip, icon } = postStatus(post);
  const time = format(new Date(post.created_at), 'p');
  const row = layout === 'row';
  return (
    <button
      type="button"
      onClick={() => onOpen(post)}
      title={post.topic}
      aria-label={`${time} ${post.topic}, ${label}`}
      aria-haspopup="dialog"
      className={`flex w-full rounded-md border-l-4 text-left transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
        row ? 'items-start gap-2 px-2.5 py-2 text-sm' : 'flex-col gap-0.5 px-1.5 py-1 text-xs'
      } ${chip}`}
    >
      <span className={`flex shrink-0 items-center gap-1 ${row ? 'pt-0.5' : ''}`}>
        <Icon aria-hidden="true" className={`h-3 w-3 shrink-0 ${icon}`} />
        <time dateTime={post.created_at} className="font-semibold tabular-nums">
          {time}
        </time>
      </span>{' '}
      <span className={`min-w-0 break-words ${row ? 'flex-1' : 'line-clamp-2 w-full leading-snug'}`}>
        {post.topic}
      </span>
    </button>
  );
}
