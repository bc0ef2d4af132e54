import { errorMessages, fieldMessages, userMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, sessions, users } from '../../db/schema/index.ts';
import {
  createAgency,
  createClientWithUsers,
  createUser,
  loginAs,
  readMailbox,
  TEST_PASSWORD,
} from '../../testing/factories.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

const C = '/client/api/v1';
const M = '/master/api/v1';
const A = '/agency/api/v1';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEV_MAILBOX: 'true' });
});
afterAll(async () => {
  await t.close();
});

async function lastMail(to: string) {
  return (await readMailbox(t.app, t.db, to))[0];
}
const tokenIn = (text: string, path: string) =>
  decodeURIComponent(new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text)![1]!);

const newUser = { email: 'New.Staff@Test.example', position: 'STAFF', firstName: '次郎', lastName: '佐藤' };

describe('client area users', () => {
  it('OWNER invites a user: 201, the invitation link sets the password, and the user logs in', async () => {
    const a = await createClientWithUsers(t.app, t.db);
    const email = `invited-${a.client.id}@test.example`;
    const created = await call(t.app, 'POST', `${C}/user`, {
      cookie: a.owner.cookie,
      body: { ...newUser, email },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email,
      role: 'CLIENT',
      position: 'STAFF',
      clientId: a.client.id,
      emailVerified: false,
      pendingEmail: null,
    });
    const mail = await lastMail(email);
    const token = tokenIn(mail!.text, '/password/reset/confirm');
    const confirm = await call(t.app, 'POST', '/auth/api/v1/session/password/confirm', {
      body: { token, password: 'Chosen-pass1!' },
    });
    expect(confirm.statusCode).toBe(200);
    await loginAs(t.app, email, 'Chosen-pass1!');
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, created.json().id));
    expect(audit).toMatchObject({
      action: 'user.create',
      clientId: a.client.id,
      actorUserId: a.owner.user.id,
    });
  });

  it.each([
    [{ ...newUser, email: 'bad' }, fieldMessages.email],
    [{ ...newUser, position: 'BOSS' }, 'Position must be one of OWNER, MANAGER, STAFF'],
    [{ ...newUser, firstName: 'あ'.repeat(16) }, fieldMessages.firstNameMax],
    [{ ...newUser, lastName: 'あ'.repeat(16) }, fieldMessages.lastNameMax],
    [{ ...newUser, phoneNumber: '0'.repeat(21) }, fieldMessages.phoneMax],
    [{ ...newUser, firstName: '' }, fieldMessages.nameRequired],
  ])('refuses %j with the text of the broken rule, changing nothing', async (body, message) => {
    const a = await createClientWithUsers(t.app, t.db);
    const response = await call(t.app, 'POST', `${C}/user`, { cookie: a.owner.cookie, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.db.select().from(users).where(eq(users.clientId, a.client.id))).toHaveLength(3);
  });

  it('409 for an e-mail already registered', async () => {
    const a = await createClientWithUsers(t.app, t.db);
    const response = await call(t.app, 'POST', `${C}/user`, {
      cookie: a.owner.cookie,
      body: { ...newUser, email: a.staff.user.email },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(errorMessages.emailTaken);
  });

  it('lists the client users, paged and searchable', async () => {
    const a = await createClientWithUsers(t.app, t.db);
    const page = await call(t.app, 'GET', `${C}/users`, { cookie: a.staff.cookie, query: { limit: '2' } });
    expect(page.statusCode).toBe(200);
    expect(page.json().pagination).toEqual({ currentPage: 1, totalPages: 2, itemsPerPage: 2, totalItems: 3 });
    const found = await call(t.app, 'GET', `${C}/users`, {
      cookie: a.staff.cookie,
      query: { search: a.manager.user.email },
    });
    expect(found.json().data.map((u: { id: number }) => u.id)).toEqual([a.manager.user.id]);
    const bad = await call(t.app, 'GET', `${C}/users`, { cookie: a.staff.cookie, query: { page: '0' } });
    expect(bad.json().message).toBe('Page must be a positive integer');
  });

  it('updates a user; nobody changes their own position; the last OWNER stays', async () => {
    const a = await createClientWithUsers(t.app, t.db);
    const updated = await call(t.app, 'PATCH', `${C}/user/${a.staff.user.id}`, {
      cookie: a.owner.cookie,
      body: { position: 'MANAGER', phoneNumber: '0900000000' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ position: 'MANAGER', phoneNumber: '0900000000' });
    const own = await call(t.app, 'PATCH', `${C}/user/${a.owner.user.id}`, {
      cookie: a.owner.cookie,
      body: { position: 'STAFF' },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(userMessages.ownPosition);
    const master = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const masterCookie = await loginAs(t.app, master.email);
    const last = await call(t.app, 'PATCH', `${C}/user/${a.owner.user.id}`, {
      cookie: masterCookie,
      headers: { 'x-client-id': String(a.client.id) },
      body: { position: 'MANAGER' },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(userMessages.lastOwner);
    const empty = await call(t.app, 'PATCH', `${C}/user/${a.staff.user.id}`, {
      cookie: a.owner.cookie,
      body: {},
    });
    expect(empty.json().message).toBe(userMessages.nothingToUpdate);
    const missing = await call(t.app, 'PATCH', `${C}/user/987654`, {
      cookie: a.owner.cookie,
      body: { firstName: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const badId = await call(t.app, 'PATCH', `${C}/user/abc`, {
      cookie: a.owner.cookie,
      body: { firstName: 'x' },
    });
    expect(badId.json().message).toBe('Path parameter must be a valid number string');
  });

  it('deleting a user ends their sessions; not yourself', async () => {
    const a = await createClientWithUsers(t.app, t.db);
    const response = await call(t.app, 'DELETE', `${C}/user/${a.staff.user.id}`, { cookie: a.owner.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await call(t.app, 'GET', `${C}/client`, { cookie: a.staff.cookie })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, a.staff.user.id))).toHaveLength(0);
    const self = await call(t.app, 'DELETE', `${C}/user/${a.owner.user.id}`, { cookie: a.owner.cookie });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(userMessages.ownDelete);
  });

  it('e-mail change: pending until the link mailed to the new address is opened', async () => {
    const a = await createClientWithUsers(t.app, t.db);
    const next = `moved-${a.client.id}@test.example`;
    const response = await call(t.app, 'PATCH', `${C}/client/update/email`, {
      cookie: a.manager.cookie,
      body: { email: next.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: a.manager.user.email, pendingEmail: next });
    await loginAs(t.app, a.manager.user.email); // still the old address
    const token = tokenIn((await lastMail(next))!.text, '/verify-email');
    const verified = await call(t.app, 'POST', '/auth/api/v1/session/verify/email', { body: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().email).toBe(next);
    await loginAs(t.app, next);
    const same = await call(t.app, 'PATCH', `${C}/client/update/email`, {
      cookie: a.staff.cookie,
      body: { email: a.staff.user.email, password: TEST_PASSWORD },
    });
    expect(same.json().message).toBe(userMessages.sameEmail);
    const taken = await call(t.app, 'PATCH', `${C}/client/update/email`, {
      cookie: a.staff.cookie,
      body: { email: a.owner.user.email, password: TEST_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('password change: checks the old one and ends the other sessions', async () => {
    const a = await createClientWithUsers(t.app, t.db);
    const second = await loginAs(t.app, a.staff.user.email);
    const wrong = await call(t.app, 'PATCH', `${C}/client/update/password`, {
      cookie: a.staff.cookie,
      body: { oldPassword: 'Wrong-pass1!', newPassword: 'Other-pass1!' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(userMessages.wrongPassword);
    const weak = await call(t.app, 'PATCH', `${C}/client/update/password`, {
      cookie: a.staff.cookie,
      body: { oldPassword: TEST_PASSWORD, newPassword: 'weak' },
    });
    expect(weak.json().message).toBe(fieldMessages.passwordMin);
    const same = await call(t.app, 'PATCH', `${C}/client/update/password`, {
      cookie: a.staff.cookie,
      body: { oldPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
    });
    expect(same.json().message).toBe(userMessages.samePassword);
    const ok = await call(t.app, 'PATCH', `${C}/client/update/password`, {
      cookie: a.staff.cookie,
      body: { oldPassword: TEST_PASSWORD, newPassword: 'Other-pass1!' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `${C}/client`, { cookie: a.staff.cookie })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `${C}/client`, { cookie: second })).statusCode).toBe(401);
    await loginAs(t.app, a.staff.user.email, 'Other-pass1!');
  });
});

describe('master users', () => {
  it('creates users of each role with their tenant, lists and reads them, changes e-mail, deletes', async () => {
    const owner = await createUser(t.db, { role: 'MASTER', position: 'OWNER' });
    const cookie = await loginAs(t.app, owner.email);
    const agency = await createAgency(t.db);
    const base = { position: 'MANAGER', firstName: '一', lastName: '二' };
    const missing = await call(t.app, 'POST', `${M}/user`, {
      cookie,
      body: { ...base, email: 'x@test.example', role: 'AGENCY' },
    });
    expect(missing.json().message).toBe(userMessages.agencyIdRequired);
    const noAgency = await call(t.app, 'POST', `${M}/user`, {
      cookie,
      body: { ...base, email: 'x@test.example', role: 'AGENCY', agencyId: 987654 },
    });
    expect(noAgency.statusCode).toBe(404);
    const created = await call(t.app, 'POST', `${M}/user`, {
      cookie,
      body: { ...base, email: `ag-${agency.id}@test.example`, role: 'AGENCY', agencyId: agency.id },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const list = await call(t.app, 'GET', `${M}/users`, { cookie, query: { agencyId: String(agency.id) } });
    expect(list.json().data.map((u: { id: number }) => u.id)).toEqual([id]);
    expect((await call(t.app, 'GET', `${M}/user/${id}`, { cookie })).json().agencyId).toBe(agency.id);
    expect((await call(t.app, 'GET', `${M}/user/987654`, { cookie })).statusCode).toBe(404);
    const email = await call(t.app, 'PATCH', `${M}/user/${id}/email`, {
      cookie,
      body: { email: `ag2-${agency.id}@test.example` },
    });
    expect(email.json().pendingEmail).toBe(`ag2-${agency.id}@test.example`);
    expect((await lastMail(`ag2-${agency.id}@test.example`))!.subject).toContain('新しいメールアドレス');
    expect((await call(t.app, 'DELETE', `${M}/user/${id}`, { cookie })).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `${M}/user/${id}`, { cookie })).statusCode).toBe(404);
    const logs = await call(t.app, 'GET', `${M}/audit-logs`, { cookie, query: { targetId: String(id) } });
    expect(logs.json().data.map((l: { action: string }) => l.action)).toEqual([
      'user.delete',
      'user.email.change',
      'user.create',
    ]);
  });
});

describe('agency users', () => {
  it("AGENCY_OWNER manages the agency's users only", async () => {
    const agency = await createAgency(t.db);
    const owner = await createUser(t.db, { role: 'AGENCY', position: 'OWNER', agencyId: agency.id });
    const cookie = await loginAs(t.app, owner.email);
    const created = await call(t.app, 'POST', `${A}/user`, {
      cookie,
      body: { ...newUser, email: `a-${agency.id}@test.example` },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role: 'AGENCY', agencyId: agency.id });
    const list = await call(t.app, 'GET', `${A}/users`, { cookie });
    expect(list.json().pagination.totalItems).toBe(2);
    const updated = await call(t.app, 'PATCH', `${A}/user/${created.json().id}`, {
      cookie,
      body: { lastName: '変更' },
    });
    expect(updated.json().lastName).toBe('変更');
    expect((await call(t.app, 'DELETE', `${A}/user/${created.json().id}`, { cookie })).statusCode).toBe(200);
  });
});
