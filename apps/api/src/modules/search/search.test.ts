import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSignupBody, createUser, loginAs } from '../../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

const M = '/master/api/v1';
let t: TestApp;
let master: string;
beforeAll(async () => {
  t = await createTestApp();
  master = await loginAs(t.app, (await createUser(t.db, { role: 'MASTER', position: 'OWNER' })).email);
});
afterAll(async () => {
  await t.close();
});

describe('master search', () => {
  it('searches company, kana, contact person and e-mail; filters status; pages', async () => {
    const body = clientSignupBody();
    body.client.companyName = '検索テスト商会';
    body.contactPerson.lastName = '検索姓';
    const created = await call(t.app, 'POST', `${M}/client`, { cookie: master, body });
    const id = created.json().id as number;
    for (const search of ['検索テスト', 'メグミ', '検索姓', body.contactPerson.email.toUpperCase()]) {
      const found = await call(t.app, 'GET', '/search/api/v1/master/list/clients', {
        cookie: master,
        query: { search },
      });
      expect(
        found.json().data.map((c: { id: number }) => c.id),
        search,
      ).toContain(id);
    }
    const none = await call(t.app, 'GET', '/search/api/v1/master/list/clients', {
      cookie: master,
      query: { search: '検索テスト', status: 'ACTIVE' },
    });
    expect(none.json().data).toEqual([]);
    const limit = await call(t.app, 'GET', '/search/api/v1/master/list/clients', {
      cookie: master,
      query: { limit: '501' },
    });
    expect(limit.json().message).toBe('Limit must be a positive integer and cannot exceed 500');
    const wildcard = await call(t.app, 'GET', '/search/api/v1/master/list/clients', {
      cookie: master,
      query: { search: '%' },
    });
    expect(wildcard.json().data).toEqual([]);
  });
});
