import { ListPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Post } from '../../post';
import { useAddToQueue } from './use-add-to-queue';

interface AddToQueueButtonProps {
  /** Plans the post for the next free posting time; the post as stored. */
  onQueue: () => Promise<Post>;
  onQueued?: ((post: Post) => void) | undefined;
  /** Says where the post went; without it, the line beneath the button does. */
  announce?: ((message: string) => void) | undefined;
  disabled?: boolean | undefined;
}

/** "Add to queue" with what it says beneath it (Saved Posts, the calendar's post dialog). */
export function AddToQueueButton({ onQueue, onQueued, announce, disabled = false }: AddToQueueButtonProps) {
  const queue = useAddToQueue(onQueue, { onQueued, announce });
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => void queue.add()} disabled={disabled || queue.busy}>
        <ListPlus aria-hidden="true" className="h-4 w-4" /> {queue.busy ? 'Adding...' : 'Add to queue'}
      </Button>
      {queue.notice}
    </div>
  );
}
