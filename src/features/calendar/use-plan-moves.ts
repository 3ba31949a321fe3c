import { useState } from 'react';
import type { Post } from '@/entities/post/post';
import { decideMove, decideMoveTo, movedMessage, undoneMessage, type MoveDecision } from './plan-move';

export type PlanPost = (id: string, plannedAt: Date | null) => Promise<Post>;

export type MoveNotice =
  | {
      kind: 'moved';
      message: string;
      /** Null when the old time has passed: restoring it would publish the post at once. */
      undo: { id: string; topic: string; previous: string | null } | null;
    }
  | { kind: 'undone' | 'refused'; message: string };

/** What the grid and the agenda need to move posts: handed down to each chip and day cell. */
export interface PostMoves {
  /** Ids of posts whose new plan is being saved. */
  saving: ReadonlySet<string>;
  /** Moves a post by whole days (Alt + arrow keys on its chip). */
  moveBy: (post: Post, days: number) => void;
  /** A chip (its post id) dropped on a day of the grid. */
  dropOn: (postId: string, day: Date) => void;
  /** Plans a post for an exact date and time ("Move to…"). */
  moveTo: (post: Post, at: Date) => void;
  /** The time the rules compare with: "Move to…" offers no time already gone. */
  clock: () => Date;
  /** Planning's time zone: days, times and the "Move to…" field are read on its wall clock. */
  timeZone: string;
  /** The id of the visible hint on how to move posts, which describes each movable chip. */
  hintId: string;
  /** The post just moved: a busy day cell expands so that it stays in sight. */
  revealId: string | null;
}

interface Options {
  onPlanPost: PlanPost;
  /** The time the rules compare with (today, a time already gone). */
  clock: () => Date;
  /** Planning's time zone (see PostMoves). */
  timeZone: string;
  /** A plan was saved: put the post in place; `focus` when its chip should keep the keyboard focus. */
  onPlanned: (post: Post, focus: boolean) => void;
}

const failedMessage = 'Could not plan the post. Please try again.';

/**
 * Moving posts to other days: the rules of plan-move.ts, one save at a time per post, the notice
 * that says what happened (with Undo), and Undo itself. Nothing moves until the save succeeds, so a
 * failed save leaves the post where it was.
 */
export function usePlanMoves({ onPlanPost, clock, timeZone, onPlanned }: Options) {
  const [saving, setSaving] = useState<ReadonlySet<string>>(() => new Set());
  const [notice, setNotice] = useState<MoveNotice | null>(null);
  /** Why the last save failed, or null. */
  const [failure, setFailure] = useState<string | null>(null);
  const [lastMovedId, setLastMovedId] = useState<string | null>(null);

  async function save(id: string, plannedAt: Date | null, focus: boolean, done: () => MoveNotice) {
    setSaving((current) => new Set(current).add(id));
    setFailure(null);
    try {
      const saved = await onPlanPost(id, plannedAt);
      setLastMovedId(id);
      onPlanned(saved, focus);
      setNotice(done());
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : failedMessage);
    } finally {
      setSaving((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  }

  function move(post: Post, day: Date, focus: boolean) {
    if (saving.has(post.id)) return;
    apply(post, decideMove(post, day, clock(), timeZone), focus);
  }

  /** Plans the post for exactly `at` ("Move to…"); a time already gone is refused with a notice. */
  function moveTo(post: Post, at: Date, focus: boolean) {
    if (saving.has(post.id)) return;
    apply(post, decideMoveTo(post, at, clock()), focus);
  }

  function apply(post: Post, decision: MoveDecision, focus: boolean) {
    if (decision.kind === 'unchanged') return;
    setFailure(null);
    if (decision.kind === 'refused') {
      setNotice({ kind: 'refused', message: decision.message });
      return;
    }
    // The previous move's Undo goes: it would now undo something older than what the user just did.
    setNotice(null);
    const previous = post.planned_at;
    const undo =
      previous === null || Date.parse(previous) > clock().getTime()
        ? { id: post.id, topic: post.topic, previous }
        : null;
    void save(post.id, decision.plannedAt, focus, () => ({
      kind: 'moved',
      message: movedMessage(post.topic, decision.plannedAt, decision.passed, timeZone),
      undo,
    }));
  }

  /** Restores the plan the last move replaced; if that fails, the error shows and Undo stays. */
  function undo() {
    if (notice?.kind !== 'moved' || !notice.undo || saving.has(notice.undo.id)) return;
    const { id, topic, previous } = notice.undo;
    void save(id, previous === null ? null : new Date(previous), true, () => ({
      kind: 'undone',
      message: undoneMessage(topic, previous, timeZone),
    }));
  }

  return {
    saving,
    notice,
    failure,
    lastMovedId,
    /** Plans the post on `day` (a dropped chip, or a keyboard move when `focus`). */
    move,
    moveTo,
    undo,
    /** Whether the notice's Undo is being saved. */
    undoing: notice?.kind === 'moved' && notice.undo !== null && saving.has(notice.undo.id),
  };
}
