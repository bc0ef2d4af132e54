import { announcementMessages, fieldMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithUsers, createUser, loginAs } from '../../testing/factories.ts';
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

describe('announcements', () => {
  it('status follows the dates on the clock; clients see only PUBLISHED ones with a read marker', async () => {
    const create = (body: object) => call(t.app, 'POST', `${M}/announcements`, { cookie: master, body });
    const draft = await create({ title: '下書き', content: '本文', type: 'UPDATE' });
    expect(draft.statusCode).toBe(201);
    expect(draft.json().status).toBe('DRAFT');
    const scheduled = await create({
      title: 'メンテナンスのお知らせ',
      content: '本文',
      type: 'MAINTENANCE',
      publishAt: '2026-11-21T10:00:00Z',
      archiveAt: '2026-11-21T12:00:00Z',
    });
    expect(scheduled.json().status).toBe('SCHEDULED');
    const id = scheduled.json().id as number;
    const a = await createClientWithUsers(t.app, t.db);
    const list = () => call(t.app, 'GET', '/client/api/v1/announcements', { cookie: a.staff.cookie });
    const before = await list();
    expect(before.json().data.map((x: { id: number }) => x.id)).not.toContain(id);
    expect(
      (await call(t.app, 'GET', `/client/api/v1/announcements/${id}`, { cookie: a.staff.cookie })).statusCode,
    ).toBe(404);

    t.clock.set(new Date('2026-11-21T11:00:00Z'));
    const published = await call(t.app, 'GET', `${M}/announcements`, {
      cookie: master,
      query: { status: 'PUBLISHED' },
    });
    expect(published.json().data.map((x: { id: number }) => x.id)).toContain(id);
    const unread = await call(t.app, 'GET', '/client/api/v1/announcements', {
      cookie: a.staff.cookie,
      query: { unread: 'true' },
    });
    expect(unread.json().data.find((x: { id: number }) => x.id === id)).toMatchObject({
      isRead: false,
      status: 'PUBLISHED',
    });
    const opened = await call(t.app, 'GET', `/client/api/v1/announcements/${id}`, { cookie: a.staff.cookie });
    expect(opened.json()).toMatchObject({ id, isRead: true });
    const after = await call(t.app, 'GET', '/client/api/v1/announcements', { cookie: a.staff.cookie });
    expect(after.json().data.find((x: { id: number }) => x.id === id).isRead).toBe(true);
    const other = await call(t.app, 'GET', '/client/api/v1/announcements', { cookie: a.owner.cookie });
    expect(other.json().data.find((x: { id: number }) => x.id === id).isRead).toBe(false);

    t.clock.set(new Date('2026-11-21T12:00:00Z'));
    expect((await call(t.app, 'GET', `${M}/announcements/${id}`, { cookie: master })).json().status).toBe(
      'ARCHIVED',
    );
    expect((await list()).json().data.map((x: { id: number }) => x.id)).not.toContain(id);
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
  });

  it('update takes every field optionally and checks the dates against the stored ones; delete', async () => {
    const created = await call(t.app, 'POST', `${M}/announcements`, {
      cookie: master,
      body: { title: '障害', content: '本文', type: 'ACCIDENT', publishAt: '2026-11-01T00:00:00Z' },
    });
    const id = created.json().id as number;
    const patch = (body: object) =>
      call(t.app, 'PATCH', `${M}/announcements/${id}`, { cookie: master, body });
    const renamed = await patch({ title: '障害（復旧）' });
    expect(renamed.json()).toMatchObject({
      title: '障害（復旧）',
      status: 'PUBLISHED',
    });
    const early = await patch({ archiveAt: '2026-10-01T00:00:00Z' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(announcementMessages.archiveAfterPublish);
    expect((await patch({ publishAt: null })).json().status).toBe('DRAFT');
    expect((await patch({ archiveAt: '2026-12-01T00:00:00Z' })).json().message).toBe(
      announcementMessages.archiveNeedsPublish,
    );
    expect((await patch({ publishAt: 'soon' })).json().message).toBe('Invalid date string');
    expect((await patch({ type: 'NEWS' })).json().message).toBe(announcementMessages.type);
    expect((await patch({ title: 'あ'.repeat(201) })).json().message).toBe(announcementMessages.titleMax);
    expect((await call(t.app, 'DELETE', `${M}/announcements/${id}`, { cookie: master })).json()).toEqual({
      success: true,
    });
    expect((await call(t.app, 'GET', `${M}/announcements/${id}`, { cookie: master })).statusCode).toBe(404);
    const missing = await call(t.app, 'POST', `${M}/announcements`, {
      cookie: master,
      body: { content: 'x', type: 'UPDATE' },
    });
    expect(missing.json().message).toBe(fieldMessages.required);
  });
});
