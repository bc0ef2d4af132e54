/**
 * The チャット inbox's live stream (decision 0043): server-sent events that say "this account's inbox
 * changed, ask again". The database announces every change of a message or conversation at its commit
 * (migration `inbox_notify`, heard by one connection a process: db/client.ts inboxFeedOf), whichever
 * process made it (the API, the worker's webhook and push jobs). An event carries no message: the page
 * asks the inbox's own reads again, so what a stream shows is always what the reads allow.
 */
import type { FastifyReply } from 'fastify';
import type { ChangeFeed, Db } from '../../db/client.ts';
import { inboxFeedOf } from '../../db/client.ts';
import { requireClientId, type ServiceContext } from '../../platform/context.ts';
import { getLineAccountRowOrThrow, queueBotInfoRefresh } from '../line-accounts/index.ts';

/** Changes within this long are told as one event (a chunk of messages, the pool's repeated notices). */
const COALESCE_MS = 100;
/** A comment line this often, so proxies and the browser keep an idle stream open. */
const HEARTBEAT_MS = 20_000;
/** How soon the browser reconnects after a stream ends (the `retry` field). */
const RECONNECT_MS = 2_000;

type Listener = () => void;

/** The open streams of one process, by LINE account, fed by one subscription to the inbox feed. */
class InboxStreams {
  readonly #byAccount = new Map<number, Set<Listener>>();
  readonly #unsubscribe: () => void;

  constructor(feed: ChangeFeed) {
    this.#unsubscribe = feed.subscribe((change) => {
      if (change === '*') {
        for (const listeners of this.#byAccount.values()) for (const listener of listeners) listener();
        return;
      }
      for (const listener of this.#byAccount.get(Number(change)) ?? []) listener();
    });
  }

  add(lineAccountId: number, listener: Listener): () => void {
    let listeners = this.#byAccount.get(lineAccountId);
    if (!listeners) this.#byAccount.set(lineAccountId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#byAccount.delete(lineAccountId);
    };
  }

  close(): void {
    this.#unsubscribe();
    this.#byAccount.clear();
  }
}

/**
 * A database's streams in this process, and every open response on it, so a closing server ends them
 * (an open stream would hold the server's close forever).
 */
type Registry = { streams: InboxStreams | undefined; open: Set<() => void> };
const registries = new WeakMap<Db, Registry>();

function registryOf(db: Db): Registry {
  let registry = registries.get(db);
  if (!registry) {
    const feed = inboxFeedOf(db);
    registries.set(db, (registry = { streams: feed && new InboxStreams(feed), open: new Set() }));
  }
  return registry;
}

/** End every open stream on this database (the server is closing; the browsers reconnect elsewhere). */
export function endInboxStreams(db: Db): void {
  const registry = registries.get(db);
  if (!registry) return;
  for (const end of [...registry.open]) end();
  registry.streams?.close();
  registries.delete(db);
}

/**
 * Open the stream of one LINE account of the caller's client (another client's account: 404, before
 * anything is written). It ends after `config.inboxStreamMs` or when the browser goes.
 */
export async function openInboxStream(
  { ctx, input }: { ctx: ServiceContext; input: { lineAccountId: number } },
  reply: FastifyReply,
): Promise<void> {
  const account = await getLineAccountRowOrThrow(ctx, requireClientId(ctx), input.lineAccountId);
  // the inbox is opened: the account's chat mode as LINE says now (at most once in its window)
  await queueBotInfoRefresh(
    ctx.db,
    { clientId: account.clientId, lineAccountId: account.id },
    ctx.clock.now(),
  );
  const { streams, open } = registryOf(ctx.db);

  void reply.hijack();
  const raw = reply.raw;
  const headers = Object.entries(reply.getHeaders()).filter(
    (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
  );
  raw.writeHead(200, {
    ...Object.fromEntries(headers),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no', // nginx: pass each event on at once
  });
  raw.write(`retry: ${RECONNECT_MS}\n\n`);
  // `ready`: the page may stop asking on a timer; a change made before the stream opened is read by the
  // page's own first read, which follows the open.
  raw.write(`event: ready\ndata: {}\n\n`);

  let pending: NodeJS.Timeout | undefined;
  const tell = () => {
    pending ??= setTimeout(() => {
      pending = undefined;
      raw.write(`event: inbox\ndata: {}\n\n`);
    }, COALESCE_MS);
  };
  const remove = streams?.add(account.id, tell);
  const heartbeat = setInterval(() => raw.write(`: keep-alive\n\n`), HEARTBEAT_MS);
  const lifetime = setTimeout(() => end(), ctx.config.inboxStreamMs);
  let ended = false;
  function end() {
    if (ended) return;
    ended = true;
    open.delete(end);
    remove?.();
    clearTimeout(pending);
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    if (!raw.writableEnded) raw.end();
  }
  open.add(end);
  raw.on('close', end);
  // A browser whose connection was already torn down while the account was read: its 'close' came
  // before the listener, so the stream would otherwise stay registered until its lifetime.
  if (raw.destroyed || reply.request.raw.socket.destroyed) end();
}
