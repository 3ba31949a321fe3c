import { CheckCircle2, FilePen } from 'lucide-react';
import type { Post } from '@/lib/supabase/database-types';

/** Colour alone never carries the status: every use also says "Published" or "Draft" in text. */
const statuses = {
  published: {
    label: 'Published',
    Icon: CheckCircle2,
    chip: 'border-green-600 bg-green-50 text-green-900 hover:bg-green-100',
    badge: 'bg-green-50 text-green-700 ring-green-600/30',
    icon: 'text-green-600',
  },
  draft: {
    label: 'Draft',
    Icon: FilePen,
    chip: 'border-blue-600 bg-blue-50 text-blue-900 hover:bg-blue-100',
    badge: 'bg-blue-50 text-blue-700 ring-blue-600/30',
    icon: 'text-blue-600',
  },
} as const;

export function postStatus(post: Pick<Post, 'is_published'>) {
  return post.is_published ? statuses.published : statuses.draft;
}

/** A pill with the status icon and its name, for the post dialog. */
export function PostStatusBadge({ post }: { post: Pick<Post, 'is_published'> }) {
  const { label, Icon, badge } = postStatus(post);
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badge}`}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {label}
    </span>
  );
}
