import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from '../db/client.ts';
import { FeedCache } from './feed-cache.ts';

function fakeFeed() {
  let live = true;
  const listeners = new Set<(change: string) => void>();
  const feed: ChangeFeed = {
    isLive: () => live,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return {
    feed,
    say: (change: string) => listeners.forEach((l) => l(change)),
    setLive: (value: boolean) => (live = value),
  };
}

describe('FeedCache', () => {
  it('drops a row on its own kind and id, everything on *, and nothing on other kinds', () => {
    const { feed, say } = fakeFeed();
    const cache = new FeedCache<string>(feed, 'l');
    cache.set(1, 'one', cache.generation);
    cache.set(2, 'two', cache.generation);
    say('c:1');
    expect([cache.get(1), cache.get(2)]).toEqual(['one', 'two']);
    say('l:1');
    expect([cache.get(1), cache.get(2)]).toEqual([undefined, 'two']);
    say('*');
    expect(cache.get(2)).toBeUndefined();
  });

  it('does not keep a read that began before a change, and serves nothing while the feed is down', () => {
    const { feed, say, setLive } = fakeFeed();
    const cache = new FeedCache<string>(feed, 'l');
    const before = cache.generation;
    say('l:7');
    cache.set(7, 'stale', before);
    expect(cache.get(7)).toBeUndefined();
    cache.set(7, 'fresh', cache.generation);
    setLive(false);
    expect(cache.get(7)).toBeUndefined();
    setLive(true);
    expect(cache.get(7)).toBe('fresh');
  });

  it("forgets a row in every cache of its kind at once (the process's own write)", () => {
    const a = new FeedCache<string>(fakeFeed().feed, 'l');
    const b = new FeedCache<string>(fakeFeed().feed, 'l');
    const other = new FeedCache<string>(fakeFeed().feed, 'x');
    for (const cache of [a, b, other]) cache.set(3, 'v', cache.generation);
    FeedCache.forget('l', 3);
    expect([a.get(3), b.get(3), other.get(3)]).toEqual([undefined, undefined, 'v']);
  });

  it('expires a row after its age', () => {
    let now = 0;
    const cache = new FeedCache<string>(fakeFeed().feed, 'l', { maxAgeMs: 100, now: () => now });
    cache.set(1, 'v', cache.generation);
    now = 101;
    expect(cache.get(1)).toBeUndefined();
  });
});
