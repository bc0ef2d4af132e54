/**
 * Sessions held in memory between requests (decision 0006), dropped the moment the database says a row
 * they were read from changed. The database's triggers (migration `session_cache_notify`) send one
 * notification per changed row on the `session_cache` channel, at the commit of the change:
 *   `s:<session id>` a session ended (logout, password change, disable, expiry, housekeeping)
 *   `u:<user id>`    a user changed (role, position, profile, password, address) or was deleted
 *   `c:<client id>`  a client or its contact person changed (contract status, company data)
 *   `a:<agency id>`  an agency changed
 *   `*`              anything (TRUNCATE, or the feed reconnected after a gap)
 * Every API process listens (db/client.ts: PGlite's listen, or LISTEN on PostgreSQL), so a change made
 * by one process empties the others' caches too. While the feed is not live, nothing is cached.
 */
import type { ChangeFeed } from '../db/client.ts';

/** What a cached session must name, to be dropped by a change of one of its rows. */
export type CacheableSession = {
  sessionId: number;
  user: { id: number; clientId: number | null; agencyId: number | null };
};

type Entry<T> = { record: T; storedAt: number };

export type SessionCacheOptions = { maxEntries?: number; maxAgeMs?: number; now?: () => number };

export class SessionCache<T extends CacheableSession> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #feed: ChangeFeed;
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #unsubscribe: () => void;
  /** Bumped by every change: a read that started before a change must not be stored after it. */
  #generation = 0;

  constructor(feed: ChangeFeed, options: SessionCacheOptions = {}) {
    this.#feed = feed;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.#now = options.now ?? Date.now;
    this.#unsubscribe = feed.subscribe((change) => this.invalidate(change));
  }

  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): T | undefined {
    if (!this.#feed.isLive()) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#now() - entry.storedAt > this.#maxAgeMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.record;
  }

  /** Keep a record read from the database, unless a change arrived since the read began. */
  set(key: string, record: T, generationAtRead: number): void {
    if (!this.#feed.isLive() || generationAtRead !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { record, storedAt: this.#now() });
  }

  invalidate(change: string): void {
    this.#generation++;
    const [kind, rawId] = change.split(':');
    const id = Number(rawId);
    if (kind === '*' || !Number.isFinite(id)) {
      this.#entries.clear();
      return;
    }
    for (const [key, { record }] of this.#entries) {
      const hit =
        (kind === 's' && record.sessionId === id) ||
        (kind === 'u' && record.user.id === id) ||
        (kind === 'c' && record.user.clientId === id) ||
        (kind === 'a' && record.user.agencyId === id);
      if (hit) this.#entries.delete(key);
    }
  }

  close(): void {
    this.#unsubscribe();
    this.#entries.clear();
  }
}
