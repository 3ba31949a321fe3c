/**
 * A queue that takes turns between owners (round robin): each owner's items stay in their order,
 * and an owner with fifty items waiting delays another owner's single item by at most one turn.
 */
export class FairQueue<T> {
  // A Map keeps insertion order: the first key is the owner whose turn it is.
  private readonly byOwner = new Map<string, T[]>();
  private count = 0;
  /** The owner who had the last turn: a newcomer goes ahead of their next item. */
  private lastServed: string | null = null;

  get size(): number {
    return this.count;
  }

  /** True when someone other than `owner` has an item waiting. */
  hasOtherOwner(owner: string): boolean {
    return this.byOwner.size > (this.byOwner.has(owner) ? 1 : 0);
  }

  push(owner: string, item: T): void {
    const items = this.byOwner.get(owner);
    if (items) {
      items.push(item);
    } else {
      this.byOwner.set(owner, [item]);
      // The owner just served went to the back of the line; a newcomer belongs before them.
      const served = this.lastServed === null ? undefined : this.byOwner.get(this.lastServed);
      if (served && this.lastServed !== owner) {
        this.byOwner.delete(this.lastServed as string);
        this.byOwner.set(this.lastServed as string, served);
      }
    }
    this.count += 1;
  }

  /** The next item: one from the owner whose turn it is, who then goes to the back of the line. */
  shift(): T | undefined {
    const next = this.byOwner.entries().next();
    if (next.done) return undefined;
    const [owner, items] = next.value;
    const item = items.shift();
    this.lastServed = owner;
    this.byOwner.delete(owner);
    if (items.length > 0) this.byOwner.set(owner, items);
    this.count -= 1;
    return item;
  }

  /** Takes a waiting item out (its requester went away); false when it is not waiting. */
  remove(owner: string, item: T): boolean {
    const items = this.byOwner.get(owner);
    const index = items?.indexOf(item) ?? -1;
    if (!items || index < 0) return false;
    items.splice(index, 1);
    if (items.length === 0) this.byOwner.delete(owner);
    this.count -= 1;
    return true;
  }
}
