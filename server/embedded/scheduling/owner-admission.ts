import { FairQueue } from './fair-queue.ts';

interface Waiter {
  owner: string;
  grant: () => void;
  reject: (reason: unknown) => void;
}

/**
 * Hands out `total` slots (database connections) with at most `perOwner` to one owner (a user,
 * or an address for requests without one): one user's slow filters can hold only their share,
 * so another user's read always finds a connection. When every slot is taken, owners under
 * their cap take turns for the next free one.
 */
export class OwnerAdmission {
  private active = 0;
  private readonly byOwner = new Map<string, number>();
  /** Owners at their cap: their next request waits here until one of theirs ends. */
  private readonly held = new Map<string, Waiter[]>();
  /** Requests from owners under their cap, waiting for any free slot. */
  private readonly queue = new FairQueue<Waiter>();

  constructor(
    readonly total: number,
    readonly perOwner: number,
  ) {
    if (!Number.isInteger(total) || total < 1 || !Number.isInteger(perOwner) || perOwner < 1)
      throw new Error('OwnerAdmission needs at least one slot in all and per owner');
  }

  /** How many requests are waiting for a slot. */
  get waiting(): number {
    let held = 0;
    for (const list of this.held.values()) held += list.length;
    return held + this.queue.size;
  }

  /** Resolves with the slot's release once `owner` may run; rejects if `signal` aborts first. */
  acquire(owner: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        this.release(owner);
      };
      const onAbort = () => {
        if (this.remove(waiter)) reject(signal?.reason);
      };
      const waiter: Waiter = {
        owner,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        reject,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (this.countOf(owner) >= this.perOwner) this.hold(waiter);
      else if (this.active < this.total && this.queue.size === 0) this.grant(waiter);
      else this.queue.push(owner, waiter);
    });
  }

  private countOf(owner: string): number {
    return this.byOwner.get(owner) ?? 0;
  }

  private grant(waiter: Waiter): void {
    this.active += 1;
    this.byOwner.set(waiter.owner, this.countOf(waiter.owner) + 1);
    waiter.grant();
  }

  private hold(waiter: Waiter): void {
    const list = this.held.get(waiter.owner);
    if (list) list.push(waiter);
    else this.held.set(waiter.owner, [waiter]);
  }

  private release(owner: string): void {
    this.active -= 1;
    const left = this.countOf(owner) - 1;
    if (left > 0) this.byOwner.set(owner, left);
    else this.byOwner.delete(owner);
    const list = this.held.get(owner);
    const next = list?.shift();
    if (list && list.length === 0) this.held.delete(owner);
    if (next) this.queue.push(owner, next);
    this.pump();
  }

  private pump(): void {
    while (this.active < this.total) {
      const waiter = this.queue.shift();
      if (!waiter) return;
      if (this.countOf(waiter.owner) >= this.perOwner) this.hold(waiter);
      else this.grant(waiter);
    }
  }

  private remove(waiter: Waiter): boolean {
    if (this.queue.remove(waiter.owner, waiter)) return true;
    const list = this.held.get(waiter.owner);
    const index = list?.indexOf(waiter) ?? -1;
    if (!list || index < 0) return false;
    list.splice(index, 1);
    if (list.length === 0) this.held.delete(waiter.owner);
    return true;
  }
}
