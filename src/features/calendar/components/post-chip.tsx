import { format } from 'date-fns';
import type { Post } from '@/lib/supabase/database-types';
import { postStatus } from './post-status';

interface PostChipProps {
  post: Post;
  onOpen: (post: Post) => void;
}

/**
 * One post in a day cell: its time and topic, green when published and blue when a draft. The
 * accessible name starts with the visible text and adds the status ("2:05 PM Topic, Published"),
 * so the status is never carried by colour alone.
 */
export function PostChip({ post, onOpen }: PostChipProps) {
  const { label, Icon, chip, icon } = postStatus(post);
  const time = format(new Date(post.created_at), 'p');
  return (
    <button
      type="button"
      onClick={() => onOpen(post)}
      title={post.topic}
      aria-label={`${time} ${post.topic}, ${label}`}
      aria-haspopup="dialog"
      className={`flex w-full items-center gap-1 rounded-md border-l-4 px-1.5 py-1 text-left text-xs transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${chip}`}
    >
      <Icon aria-hidden="true" className={`h-3 w-3 shrink-0 ${icon}`} />
      <span className="min-w-0 flex-1 truncate">
        <time dateTime={post.created_at} className="mr-1 font-semibold tabular-nums">
          {time}
        </time>{' '}
        {post.topic}
      </span>
    </button>
  );
}
