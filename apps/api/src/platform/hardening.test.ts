import { PassThrough } from 'node:stream';
import { errorMessages, pathParamMessages, textMessages } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, clients } from '../db/schema/index.ts';
import { createClient, createUser, loginAs } from '../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../testing/test-app.ts';
import { hashPassword } from './crypto.ts';

/** Bad input gets a clear 400 in the shared failure body and changes nothing; the logs keep no secrets. */
let t: TestApp;
let master: string;
let masterToken: string;
const logLines: string[] = [];
let knownHash: string;

const failure = (body: string) => {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(parsed).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
  expect(parsed.requestId).toEqual(expect.any(String));
  return parsed as { message: string; code: string; errors?: { path: string; message: string }[] };
};

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
  knownHash = await hashPassword('Logged-never1!');
  t = await createTestApp(
    {},
    {
      logStream: stream,
      // Failing queries that carry a password hash as a parameter: one refused value, one unknown error.
      extraRoutes: (app) => {
        app.post('/test-only/data-exception', async () => t.db.execute(sql`select ${knownHash}::int`));
        app.post('/test-only/server-error', async () =>
          t.db.execute(sql`select * from no_such_table where secret = ${knownHash}`),
        );
      },
    },
  );
  const user = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
  master = await loginAs(t.app, user.email);
  masterToken = master.replace(/^sid=/, '');
});
afterAll(async () => {
  await t.close();
});

describe('U+0000 in any string', () => {
  it.each([
    '/master/api/v1/clients',
    '/master/api/v1/users',
    '/master/api/v1/agencies',
    '/search/api/v1/master/list/clients',
    '/search/api/v1/master/list/line-oa',
  ])('GET %s with a NUL search answers 400 with the NUL text', async (path) => {
    const response = await call(t.app, 'GET', `${path}?search=%00`, { cookie: master });
    expect(response.statusCode, response.body).toBe(400);
    const body = failure(response.body);
    expect(body.message).toBe(textMessages.nul);
    expect(body.errors).toEqual([{ path: 'querystring.search', message: textMessages.nul }]);
  });

  it('a body field answers 400 for each place that holds it, and nothing is created', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(announcements);
    const response = await call(t.app, 'POST', '/master/api/v1/announcements', {
      cookie: master,
      body: { title: 'お知\u0000らせ', content: '本文\u0000', type: 'ANNOUNCEMENT' },
    });
    expect(response.statusCode).toBe(400);
    expect(failure(response.body).errors).toEqual([
      { path: 'body.title', message: textMessages.nul },
      { path: 'body.content', message: textMessages.nul },
    ]);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(announcements)).toEqual(before);
  });
});

describe('numbers the database cannot hold', () => {
  it('a query id past the integer range answers 400', async () => {
    const response = await call(
      t.app,
      'GET',
      '/search/api/v1/master/list/line-oa?clientId=99999999999999999999',
      { cookie: master },
    );
    expect(response.statusCode).toBe(400);
    expect(failure(response.body).message).toBe('clientId must be a valid number string');
  });

  it('a path id past the integer range answers 400', async () => {
    const response = await call(t.app, 'GET', '/master/api/v1/client/3000000000', { cookie: master });
    expect(response.statusCode).toBe(400);
    expect(failure(response.body).message).toBe(pathParamMessages.notNumeric);
  });

  it('a value the database refuses (SQLSTATE class 22) answers 400 and changes nothing', async () => {
    const client = await createClient(t.db);
    const response = await call(t.app, 'PATCH', `/master/api/v1/client/${client.id}`, {
      cookie: master,
      body: { monthlyFee: 3_000_000_000 },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(failure(response.body)).toMatchObject({
      message: errorMessages.invalidValue,
      code: 'BAD_REQUEST',
    });
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row!.monthlyFee).toBe(client.monthlyFee);
  });
});

describe("Fastify's router errors in the shared failure body", () => {
  it('a bad percent-escape answers 400', async () => {
    const response = await call(t.app, 'GET', '/master/api/v1/user/%zz', { cookie: master });
    expect(response.statusCode).toBe(400);
    expect(failure(response.body)).toMatchObject({ message: errorMessages.badUrl, code: 'BAD_REQUEST' });
    expect(response.headers['x-request-id']).toBe(JSON.parse(response.body).requestId);
  });

  it('a path parameter over 100 characters answers 414', async () => {
    const response = await call(t.app, 'GET', `/master/api/v1/user/${'1'.repeat(101)}`, { cookie: master });
    expect(response.statusCode).toBe(414);
    expect(failure(response.body)).toMatchObject({ message: errorMessages.uriTooLong, code: 'URI_TOO_LONG' });
  });
});

describe('logs', () => {
  it('keep the error class and the query, never its values, hashes, tokens or cookies', async () => {
    const refused = await call(t.app, 'POST', '/test-only/data-exception', {
      cookie: master,
      headers: { authorization: `Bearer ${masterToken}` },
    });
    expect(refused.statusCode, logLines.slice(-3).join('\n')).toBe(400);
    const crashed = await call(t.app, 'POST', '/test-only/server-error', { cookie: master });
    expect(crashed.statusCode).toBe(500);
    expect(failure(crashed.body).message).toBe(errorMessages.internal);
    // and the failing paths above, from the same app
    await call(t.app, 'POST', '/auth/api/v1/session/login', {
      body: { email: 'nobody@test.example', password: 'Wrong-pass1!' },
    });

    const log = logLines.join('\n');
    const errors = logLines
      .map((l) => JSON.parse(l) as { err?: Record<string, unknown> })
      .filter((l) => l.err);
    expect(errors.map((l) => l.err)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'DrizzleQueryError', query: 'select $1::int' }),
        expect.objectContaining({
          type: 'DrizzleQueryError',
          query: 'select * from no_such_table where secret = $1',
        }),
      ]),
    );
    for (const secret of [knownHash, '$argon2', masterToken, 'Wrong-pass1!', 'Logged-never1!']) {
      expect(log).not.toContain(secret);
    }
  });
});
