/**
 * An in-memory read-through cache kept correct by the invalidation channel (./channel.ts).
 * Entries live in groups (a company's members, say) so that one message can drop a whole
 * group. It is read and filled only while the channel is healthy, and emptied whenever the
 * channel may have missed a message.
 *
 * A fill races with invalidations: a read that started before a change committed may
 * answer after the change's message arrived. Each fill therefore presents the ticket it
 * took before reading, and is kept only if nothing was invalidated or emptied since.
 * Entries also age out after `maxAgeMs`: a writer that dies between its commit and its
 * message leaves a stale entry behind for no longer than that.
 */
import { isChannelHealthy, onChannelReset } from "./channel";

/** What a fill presents: taken before the read, undefined when caching is off. */
export type FillTicket = number | undefined;

type Entry<V> = { value: V; filledAt: number };

export class InvalidatedMap<V> {
  private readonly groups = new Map<string, Map<string, Entry<V>>>();
  private size = 0;
  private generation = 0;

  /** `maxEntries` bounds memory: past it, the oldest groups go first. */
  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
  ) {
    onChannelReset(() => this.clear());
  }

  /** The cached value, only while the channel is healthy and the entry is young enough. */
  get(group: string, key = ""): V | undefined {
    if (!isChannelHealthy()) return undefined;
    const entry = this.groups.get(group)?.get(key);
    if (!entry || Date.now() - entry.filledAt >= this.maxAgeMs) return undefined;
    return entry.value;
  }

  /** Take it before reading the store of record; pass it to fill(). */
  ticket(): FillTicket {
    return isChannelHealthy() ? this.generation : undefined;
  }

  /** Keeps a value read with `ticket`, unless something was invalidated since. */
  fill(ticket: FillTicket, group: string, key: string, value: V): void {
    if (ticket === undefined || ticket !== this.generation || !isChannelHealthy()) return;
    let entries = this.groups.get(group);
    if (!entries) {
      entries = new Map();
      this.groups.set(group, entries);
    }
    if (!entries.has(key)) this.size++;
    entries.set(key, { value, filledAt: Date.now() });
    this.evict();
  }

  /** Drops one entry, or the whole group without `key`. */
  invalidate(group: string, key?: string): void {
    this.generation++;
    const entries = this.groups.get(group);
    if (!entries) return;
    if (key === undefined) {
      this.size -= entries.size;
      this.groups.delete(group);
    } else if (entries.delete(key)) {
      this.size--;
      if (entries.size === 0) this.groups.delete(group);
    }
  }

  clear(): void {
    this.generation++;
    this.groups.clear();
    this.size = 0;
  }

  private evict(): void {
    for (const [group, entries] of this.groups) {
      if (this.size <= this.maxEntries) return;
      this.size -= entries.size;
      this.groups.delete(group);
    }
  }
}
