import { CalendarClock, CheckCircle2, CircleAlert, FilePen, Hourglass, type LucideIcon } from 'lucide-react';
import type { Post, PublishStatus } from '@/entities/post/post';

interface StatusLook {
  label: string;
  Icon: LucideIcon;
  /** The chip: a coloured left border and tint. */
  chip: string;
  /** The pill in the post dialog and the Upcoming list. */
  badge: string;
  icon: string;
}

/**
 * Colour alone never carries the status: each one has its own icon, and every use also says its
 * name in text (visible, or in the chip's accessible name). Text colours are the 700–900 shades on
 * 50 tints, well above WCAG AA.
 */
const statuses: Record<PublishStatus, StatusLook> = {
  draft: {
    label: 'Draft',
    Icon: FilePen,
    chip: 'border-blue-600 bg-blue-50 text-blue-900 hover:bg-blue-100',
    badge: 'bg-blue-50 text-blue-700 ring-blue-600/30',
    icon: 'text-blue-600',
  },
  scheduled: {
    label: 'Scheduled',
    Icon: CalendarClock,
    chip: 'border-violet-600 bg-violet-50 text-violet-900 hover:bg-violet-100',
    badge: 'bg-violet-50 text-violet-700 ring-violet-600/30',
    icon: 'text-violet-600',
  },
  publishing: {
    label: 'Publishing',
    Icon: Hourglass,
    chip: 'border-dashed border-violet-600 bg-violet-50 text-violet-900 hover:bg-violet-100',
    badge: 'bg-violet-50 text-violet-700 ring-violet-600/30',
    icon: 'text-violet-600',
  },
  published: {
    label: 'Published',
    Icon: CheckCircle2,
    chip: 'border-green-600 bg-green-50 text-green-900 hover:bg-green-100',
    badge: 'bg-green-50 text-green-700 ring-green-600/30',
    icon: 'text-green-600',
  },
  failed: {
    label: 'Failed',
    Icon: CircleAlert,
    chip: 'border-red-600 bg-red-50 text-red-900 hover:bg-red-100',
    badge: 'bg-red-50 text-red-700 ring-red-600/30',
    icon: 'text-red-600',
  },
};

type StatusFields = Pick<Post, 'is_published' | 'publish_status'>;

/** The post's status; the author's own "published" mark (posted by hand) counts as published. */
export function statusOf(post: StatusFields): PublishStatus {
  return post.is_published ? 'published' : post.publish_status;
}

export function postStatus(post: StatusFields): StatusLook {
  return statuses[statusOf(post)];
}

/** Whether the post can still be given another day: not once it is out or going out. */
export function isMovable(post: StatusFields & Partial<Pick<Post, 'publish_error_kind'>>): boolean {
  const status = statusOf(post);
  // A post LinkedIn may already have waits for its author's Retry, which asks first: a move
  // would schedule it to go out again unasked.
  return status !== 'published' && status !== 'publishing' && post.publish_error_kind !== 'unconfirmed';
}

/** A pill with the status icon and its name, for the post dialog and the Upcoming list. */
export function PostStatusBadge({ post }: { post: StatusFields }) {
  const { label, Icon, badge } = postStatus(post);
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badge}`}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {label}
    </span>
  );
}

/** The five statuses with their icons, so a glance at a chip's icon reads as a word. */
export function StatusKey() {
  return (
    <ul
      aria-label="Status key"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600"
    >
      {Object.values(statuses).map(({ label, Icon, icon }) => (
        <li key={label} className="flex items-center gap-1">
          <Icon aria-hidden="true" className={`h-3.5 w-3.5 ${icon}`} />
          {label}
        </li>
      ))}
    </ul>
  );
}
