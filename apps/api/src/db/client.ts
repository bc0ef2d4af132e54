import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
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

/** Row changes that end or alter sessions (platform/session-cache.ts). */
export type ChangeFeed = {
  isLive: () => boolean;
  subscribe: (listener: (change: string) => void) => () => void;
};

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
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, a dropped database) is removed by the pool and
    // the next query opens a new one; without a listener node-postgres rethrows it and the process dies.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.template ? { loadDataDir: options.template } : {}),
    parsers: drizzlePgliteParsers,
  });
  await pglite.waitReady;
  const client = withParsersSetOnce(pglite);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
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
