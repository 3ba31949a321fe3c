import { format } from 'date-fns';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { voiceSampleLimits } from '@/lib/voice/voice-profile';
import { ArchivePostItem } from './archive-post-item';
import type { ArchiveContents } from './import-archive';
import { describeSkipped } from './parse-shares-csv';

/** Posts shown at first and per "Show more": a few dozen rows render well within a frame. */
const page = 30;
const count = (value: number) => value.toLocaleString('en-US');
const month = (iso: string) => format(new Date(iso), 'MMMM yyyy');

interface ArchiveReviewProps {
  fileName: string;
  archive: ArchiveContents;
  selected: readonly number[];
  onToggle: (index: number) => void;
  keepHistory: boolean;
  onKeepHistory: (keep: boolean) => void;
  onKeep: () => void;
  onCancel: () => void;
  keeping: boolean;
  /** The voice editor is saving: nothing is kept meanwhile. */
  busy: boolean;
  error: string | null;
}

/** The posts found, the proposed samples ticked, the history option, and "Keep these posts". */
export function ArchiveReview(props: ArchiveReviewProps) {
  const { archive, selected, keeping } = props;
  const id = useId();
  const { posts } = archive;
  // The proposed samples are among the newest posts: the first page shows them all.
  const [shown, setShown] = useState(() => Math.max(page, (archive.proposed.at(-1) ?? 0) + 1));
  const newest = posts[0]?.postedAt ?? '';
  const oldest = posts.at(-1)?.postedAt ?? '';
  const full = selected.length >= voiceSampleLimits.max;
  const more = Math.min(page, posts.length - shown);

  return (
    <div className="space-y-4">
      <div className="space-y-1 text-sm text-slate-700">
        <p>
          Found {count(posts.length)} {posts.length === 1 ? 'post' : 'posts'} in {props.fileName},{' '}
          {month(oldest) === month(newest)
            ? `in ${month(newest)}`
            : `from ${month(oldest)} to ${month(newest)}`}
          .
        </p>
        {describeSkipped(archive.skipped).map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>
          The ticked posts are proposed as your voice samples: recent, and different in how they open and how
          long they are. Tick up to {voiceSampleLimits.max}; when you keep them they replace your samples
          below.
        </p>
      </div>
      <fieldset aria-describedby={`${id}-count`}>
        <legend className="text-sm font-medium text-slate-800">Your LinkedIn posts</legend>
        <p id={`${id}-count`} aria-live="polite" className="text-xs text-slate-500">
          {selected.length} of {voiceSampleLimits.max} chosen as samples
        </p>
        <ul className="mt-2 max-h-96 divide-y divide-slate-100 overflow-y-auto pr-2">
          {posts.slice(0, shown).map((post, index) => (
            <ArchivePostItem
              key={`${post.postedAt}-${index}`}
              post={post}
              checked={selected.includes(index)}
              full={full}
              disabled={keeping}
              onToggle={() => props.onToggle(index)}
            />
          ))}
        </ul>
        {more > 0 && (
          <Button variant="ghost" className="mt-2" onClick={() => setShown((current) => current + more)}>
            Show {more} more {more === 1 ? 'post' : 'posts'}
          </Button>
        )}
      </fieldset>
      <div>
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-1 h-4 w-4 rounded border-slate-300 text-brand-500 focus:ring-brand-500"
            checked={props.keepHistory}
            disabled={keeping}
            onChange={(event) => props.onKeepHistory(event.target.checked)}
            aria-describedby={`${id}-history`}
          />
          Also keep all {count(posts.length)} posts as published history
        </label>
        <p id={`${id}-history`} className="ml-7 text-xs text-slate-500">
          They appear in Saved Posts and on the calendar on the day you posted them, marked Published. Posts
          kept by an earlier import are not added twice.
        </p>
      </div>
      {props.error && <Alert tone="danger">{props.error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button onClick={props.onKeep} disabled={keeping || props.busy}>
          {keeping ? 'Keeping...' : 'Keep these posts'}
        </Button>
        <Button variant="ghost" onClick={props.onCancel} disabled={keeping}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
