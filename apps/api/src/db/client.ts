import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A database or a transaction: repositories take either as their first parameter. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/**
 * Row changes that end or alter sessions, as the database's triggers announce them at commit
 * (migration `session_cache_notify`; platform/session-cache.ts reads them). `isLive` is false while
 * they may be missed (the PostgreSQL listener reconnecting): nothing may be cached meanwhile.
 */
export type ChangeFeed = {
  isLive: () => boolean;
  subscribe: (listener: (change: string) => void) => () => void;
};

export const CHANGES_CHANNEL = 'session_cache';
/**
 * The チャット inbox's feed (migration `inbox_notify`): the id of a LINE account whose messages or
 * conversations changed, at commit (decision 0043). Heard by one connection a process, not by the pool's.
 */
export const INBOX_CHANNEL = 'inbox_changes';
/**
 * The job runner's wake-up (migration `jobs_notify`, decision 0048): jobs were queued or domain events
 * recorded, at commit. Heard by one connection a process; the runner's poll covers a missed one.
 */
export const JOBS_CHANNEL = 'jobs_due';

const changeFeeds = new WeakMap<Db, ChangeFeed>();
const inboxFeeds = new WeakMap<Db, ChangeFeed>();
const jobsFeeds = new WeakMap<Db, ChangeFeed>();
const poolSizes = new WeakMap<Db, number>();
/**
 * How many statements a database runs at once: its pool's size on PostgreSQL, 1 on PGlite and in a
 * transaction (one connection). A read split into parts side by side is worth it only above 1.
 */
export const connectionsOf = (db: Db): number => poolSizes.get(db) ?? 1;
/** The change feed of a database made by createDatabase (undefined for any other Db). */
export const changeFeedOf = (db: Db): ChangeFeed | undefined => changeFeeds.get(db);
/** The inbox feed of a database made by createDatabase: `<lineAccountId>`, or `*` after a gap. */
export const inboxFeedOf = (db: Db): ChangeFeed | undefined => inboxFeeds.get(db);
/** The jobs feed of a database made by createDatabase: a signal that jobs may be due (`*` after a gap). */
export const jobsFeedOf = (db: Db): ChangeFeed | undefined => jobsFeeds.get(db);

function createListeners() {
  const listeners = new Set<(change: string) => void>();
  return {
    emit: (change: string) => {
      for (const listener of listeners) listener(change);
    },
    subscribe: (listener: (change: string) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** A pooled connection that LISTENs to the change feed before the pool hands it out. */
function ListeningClient(config?: pg.ClientConfig): pg.Client {
  const client = new pg.Client(config);
  const connect = client.connect.bind(client);
  const listening = async () => {
    await connect();
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    return client;
  };
  client.connect = ((callback?: (err: Error | undefined) => void) => {
    if (!callback) return listening();
    listening().then(() => callback(undefined), callback);
  }) as pg.Client['connect'];
  return client;
}

/**
 * PostgreSQL: every pooled connection LISTENs, so the connection that commits a change receives its
 * notification before its COMMIT returns (this process never answers from a stale row after its own
 * change); one dedicated connection LISTENs as well, so changes of other processes arrive while the
 * pool has no connection open. Reconnects on its own; while it is down the feed is not live.
 */
function postgresChangeFeed(pool: pg.Pool, url: string) {
  const { emit, subscribe } = createListeners();
  const inbox = createListeners();
  const jobsDue = createListeners();
  const onNotification = (message: pg.Notification) => {
    if (message.channel === CHANGES_CHANNEL) emit(message.payload ?? '*');
    else if (message.channel === INBOX_CHANNEL) inbox.emit(message.payload ?? '*');
    else if (message.channel === JOBS_CHANNEL) jobsDue.emit(message.payload ?? '*');
  };
  pool.on('connect', (client) => client.on('notification', onNotification));
  let listener: pg.Client | undefined;
  let live = false;
  let closed = false;
  const retry = () => {
    if (!closed) setTimeout(() => void connect(), 1000).unref();
  };
  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    client.on('notification', onNotification);
    client.on('end', () => {
      if (listener !== client) return;
      listener = undefined;
      live = false;
      emit('*');
      inbox.emit('*');
      jobsDue.emit('*');
      retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      await client.query(`LISTEN ${INBOX_CHANNEL}`);
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
    } catch {
      void client.end().catch(() => {});
      retry();
      return;
    }
    if (closed) return void client.end().catch(() => {});
    listener = client;
    emit('*'); // whatever happened while nobody listened
    inbox.emit('*');
    jobsDue.emit('*');
    live = true;
  }
  return {
    feed: { isLive: () => live, subscribe } satisfies ChangeFeed,
    inboxFeed: { isLive: () => live, subscribe: inbox.subscribe } satisfies ChangeFeed,
    jobsFeed: { isLive: () => live, subscribe: jobsDue.subscribe } satisfies ChangeFeed,
    start: connect,
    close: async () => {
      closed = true;
      live = false;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}

/** drizzle's own parsers for PGlite (dates and intervals stay strings; drizzle maps them). */
const identity = (value: string) => value;
const drizzlePgliteParsers = {
  [types.TIMESTAMP]: identity,
  [types.TIMESTAMPTZ]: identity,
  [types.INTERVAL]: identity,
  [types.DATE]: identity,
  1231: identity, // numeric[]
  1115: identity, // timestamp[]
  1185: identity, // timestamptz[]
  1187: identity, // interval[]
  1182: identity, // date[]
};
const withoutParsers = (options?: QueryOptions): QueryOptions | undefined =>
  options?.parsers ? { ...options, parsers: undefined } : options;

/**
 * The PGlite client as drizzle sees it: the client is made with drizzle's parsers, and the parsers
 * drizzle passes with every query are left out, so PGlite does not copy its parser table each time.
 */
function withParsersSetOnce(client: PGlite): PGlite {
  const wrapTx = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property, receiver) {
        if (property === 'query')
          return (query: string, params?: unknown[], options?: QueryOptions) =>
            target.query(query, params, withoutParsers(options));
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query')
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          target.query(query, params, withoutParsers(options));
      if (property === 'transaction')
        return <T>(fn: (tx: Transaction) => Promise<T>) => target.transaction((tx) => fn(wrapTx(tx)));
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * PGlite's postgres runs in WebAssembly memory, which grows to what it has touched and never gives pages
 * back: its shared buffers (postgres's default 128MB) end up resident once a large account has been read.
 * 64MB holds the hot pages of the 100,000-friend account's reads (the bench's memory line, issue 31); the
 * rest is read through the operating system's file cache, which is shared and can be given back.
 */
const pgliteSettings = ['-c', 'shared_buffers=64MB'];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** PGlite only: the data folder as a tarball, to start other instances from. */
  dump?: () => Promise<Blob>;
};

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined: in memory (tests); template: start from a dumped data folder (skips initdb). */
  | { kind: 'pglite'; dataDir?: string; template?: Blob };

/** The database a configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export const databaseOptionsOf = (config: {
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
}): DatabaseOptions =>
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` };

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: ListeningClient as unknown as typeof pg.Client,
    });
    // An idle connection the server ends (restart, failover, a dropped database) is removed by the pool and
    // the next query opens a new one; without a listener node-postgres rethrows it and the process dies.
    pool.on('error', () => {});
    const changes = postgresChangeFeed(pool, options.url);
    await changes.start();
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    changeFeeds.set(db, changes.feed);
    inboxFeeds.set(db, changes.inboxFeed);
    jobsFeeds.set(db, changes.jobsFeed);
    poolSizes.set(db, options.poolSize ?? 10);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.template ? { loadDataDir: options.template } : {}),
    parsers: drizzlePgliteParsers,
    extensions: { pg_trgm }, // friend search (migration 0006)
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings],
  });
  await pglite.waitReady;
  const client = withParsersSetOnce(pglite);
  // One connection: a change's notification arrives before the query that made it returns.
  const { emit, subscribe } = createListeners();
  await pglite.listen(CHANGES_CHANNEL, emit);
  const inbox = createListeners();
  await pglite.listen(INBOX_CHANNEL, inbox.emit);
  const jobsDue = createListeners();
  await pglite.listen(JOBS_CHANNEL, jobsDue.emit);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  changeFeeds.set(db, { isLive: () => !pglite.closed, subscribe });
  inboxFeeds.set(db, { isLive: () => !pglite.closed, subscribe: inbox.subscribe });
  jobsFeeds.set(db, { isLive: () => !pglite.closed, subscribe: jobsDue.subscribe });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    ping: async () => {
      await pglite.query('select 1');
    },
    close: () => pglite.close(),
    dump: async () => pglite.dumpDataDir('none'),
  };
}

/** Run fn in a transaction, or inside the caller's when db already is one. */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return fn(db);
  return db.transaction((tx) => fn(tx as unknown as Db));
}

function isTransaction(db: Db): boolean {
  return typeof (db as Partial<Tx>).rollback === 'function';
}
