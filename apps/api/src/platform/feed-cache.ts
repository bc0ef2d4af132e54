/**
 * Rows held in memory between requests and dropped the moment the database says they changed: the same
 * change feed as the session cache (decision 0006, channel `session_cache`), where a table's trigger
 * announces `<kind>:<id>` at the commit of a change and `*` means anything (TRUNCATE, or a gap in the
 * feed). While the feed is not live nothing is served from memory. Used for the webhook's LINE account
 * (kind `l`, migration `line_account_cache_notify`): LINE's calls read it 1,000 times a second.
 */
import type { ChangeFeed } from '../db/client.ts';

type Entry<T> = { value: T; storedAt: number };

export type FeedCacheOptions = { maxEntries?: number; maxAgeMs?: number; now?: () => number };

/** Every cache made, by kind, so a process's own write drops its row at once (see `forget`). */
const caches = new Map<string, Set<WeakRef<FeedCache<unknown>>>>();

export class FeedCache<T> {
  /**
   * Drop a row from this process's caches of a kind at once, at the write (in its transaction): the
   * process's next read goes to the database without waiting for the feed. A read between this and the
   * commit may keep the old row, and the feed's notification at the commit drops it.
   */
  static forget(kind: string, id: number): void {
    for (const ref of caches.get(kind) ?? []) {
      const cache = ref.deref();
      if (cache) cache.#drop(id);
    }
  }

  readonly #entries = new Map<number, Entry<T>>();
  readonly #feed: ChangeFeed;
  readonly #kind: string;
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  /** Bumped by every change of this kind: a read that started before it must not be stored after it. */
  #generation = 0;

  constructor(feed: ChangeFeed, kind: string, options: FeedCacheOptions = {}) {
    this.#feed = feed;
    this.#kind = kind;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.#now = options.now ?? Date.now;
    feed.subscribe((change) => this.#invalidate(change));
    const ofKind = caches.get(kind) ?? new Set();
    for (const ref of ofKind) if (!ref.deref()) ofKind.delete(ref);
    ofKind.add(new WeakRef(this));
    caches.set(kind, ofKind);
  }

  get generation(): number {
    return this.#generation;
  }

  get(id: number): T | undefined {
    if (!this.#feed.isLive()) return undefined;
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (this.#now() - entry.storedAt > this.#maxAgeMs) {
      this.#entries.delete(id);
      return undefined;
    }
    return entry.value;
  }

  /** Keep a value read from the database, unless a change arrived since the read began. */
  set(id: number, value: T, generationAtRead: number): void {
    if (!this.#feed.isLive() || generationAtRead !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(id, { value, storedAt: this.#now() });
  }

  #invalidate(change: string): void {
    const [kind, rawId] = change.split(':');
    if (kind === '*') {
      this.#generation++;
      this.#entries.clear();
    } else if (kind === this.#kind) {
      const id = Number(rawId);
      if (Number.isFinite(id)) this.#drop(id);
      else {
        this.#generation++;
        this.#entries.clear();
      }
    }
  }

  #drop(id: number): void {
    this.#generation++;
    this.#entries.delete(id);
  }
}
