import { errorMessages, lineAccountMessages, pathParamMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineAccounts } from '../../db/schema/index.ts';
import { createAgency, createClient } from '../../testing/factories.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
} from '../../testing/line-sim.ts';

const C = '/client/api/v1';
const M = '/master/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let master: { owner: string; staff: string };

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  master = {
    owner: await t.userCookie({ role: 'MASTER', position: 'OWNER' }),
    staff: await t.userCookie({ role: 'MASTER', position: 'STAFF' }),
  };
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

async function connect(cookie = a.owner.cookie, extra: Record<string, unknown> = {}) {
  const channel = await sim.createChannel({ displayName: '渋谷カフェ' });
  const response = await t.api('POST', `${C}/line-account`, { cookie, body: connectBody(channel, extra) });
  return { channel, response, account: response.json() };
}

describe('POST /client/api/v1/line-account', () => {
  it('checks the channels at LINE, fills the profile, seals the secrets and registers the webhook', async () => {
    const { channel, response, account } = await connect();
    expect(response.statusCode).toBe(201);
    expect(account).toMatchObject({
      clientId: a.client.id,
      channelId: channel.channelId,
      loginChannelId: channel.loginChannel.channelId,
      operationScope: 'BACK_OFFICE',
      displayName: '渋谷カフェ',
      basicId: channel.basicId,
      botId: channel.botUserId,
      mainColor: '#1C7F09',
      status: 'ACTIVE',
      webhookUrl: `${t.appUrl}/line/webhook/${account.id}`,
      webhookStatus: true,
      services: [],
    });
    expect(account.friendUrl).toBe(`https://line.me/R/ti/p/${encodeURIComponent(channel.basicId)}`);
    expect(account.qrCodeUrl).toContain(channel.basicId.slice(1));
    expect(account.pictureUrl).toBeTruthy();
    expect(response.body).not.toContain(channel.channelSecret);
    expect(response.body).not.toContain(channel.loginChannel.channelSecret);
    const [row] = await t.db.select().from(lineAccounts).where(eq(lineAccounts.id, account.id));
    expect(row!.channelSecretEncrypted).not.toContain(channel.channelSecret);
    expect(row!.loginChannelSecretEncrypted).not.toContain(channel.loginChannel.channelSecret);
    const simChannel = await sim.consoleCall<{ webhook: { endpoint: string } }>(
      'GET',
      `/_sim/channels/${channel.channelId}`,
    );
    expect(simChannel.webhook.endpoint).toBe(account.webhookUrl);
  });

  it('a wrong channel secret is a clear 400, and nothing is stored', async () => {
    const channel = await sim.createChannel();
    const before = await t.db.select().from(lineAccounts);
    const wrong = await t.api('POST', `${C}/line-account`, {
      cookie: a.owner.cookie,
      body: connectBody(channel, { channelSecret: '0'.repeat(32) }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(lineAccountMessages.invalidChannel);
    const wrongLogin = await t.api('POST', `${C}/line-account`, {
      cookie: a.owner.cookie,
      body: connectBody(channel, { loginChannelSecret: '0'.repeat(32) }),
    });
    expect(wrongLogin.statusCode).toBe(400);
    expect(wrongLogin.json().message).toBe(lineAccountMessages.invalidLoginChannel);
    expect(await t.db.select().from(lineAccounts)).toHaveLength(before.length);
  });

  it.each([
    [{ channelId: '' }, lineAccountMessages.channelIdRequired],
    [{ channelId: 'abc' }, lineAccountMessages.channelId],
    [{ channelSecret: '' }, lineAccountMessages.channelSecretRequired],
    [{ channelSecret: 'x'.repeat(129) }, lineAccountMessages.secretMax],
    [{ loginChannelId: undefined }, lineAccountMessages.loginChannelIdRequired],
    [{ loginChannelId: '12a' }, lineAccountMessages.loginChannelId],
    [{ loginChannelSecret: ' ' }, lineAccountMessages.loginChannelSecretRequired],
    [{ operationScope: 'EVERYWHERE' }, lineAccountMessages.operationScope],
  ])('%j -> its text', async (override, message) => {
    const body = { ...connectBody(await sim.createChannel()), ...override };
    const response = await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses the same channel as login channel, and a channel connected already (409)', async () => {
    const channel = await sim.createChannel();
    const same = await t.api('POST', `${C}/line-account`, {
      cookie: a.owner.cookie,
      body: connectBody(channel, {
        loginChannelId: channel.channelId,
        loginChannelSecret: channel.channelSecret,
      }),
    });
    expect(same.json().message).toBe(lineAccountMessages.sameChannel);
    const { channel: taken } = await connect();
    const again = await t.api('POST', `${C}/line-account`, {
      cookie: a.owner.cookie,
      body: connectBody(taken),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(lineAccountMessages.alreadyConnected);
    const b = await t.clientWithUsers();
    const other = await t.api('POST', `${C}/line-account`, {
      cookie: b.owner.cookie,
      body: connectBody(taken),
    });
    expect(other.statusCode).toBe(409);
  });

  it('takes FRONT_OFFICE; only OWNER (and MASTER_OWNER/MANAGER with x-client-id for settings) may connect', async () => {
    const { account } = await connect(a.owner.cookie, { operationScope: 'FRONT_OFFICE' });
    expect(account.operationScope).toBe('FRONT_OFFICE');
    for (const who of [a.manager, a.staff]) {
      const channel = await sim.createChannel();
      const response = await t.api('POST', `${C}/line-account`, {
        cookie: who.cookie,
        body: connectBody(channel),
      });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await t.api('POST', `${C}/line-account`, {
      body: connectBody(await sim.createChannel()),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('reading, branding and deactivating', () => {
  it('lists with services, gets one, answers the basic id; another client gets 404', async () => {
    const { account, channel } = await connect();
    const list = await t.api('GET', `${C}/line-account`, { cookie: a.staff.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(account.id);
    const one = await t.api('GET', `${C}/line-account/${account.id}`, { cookie: a.staff.cookie });
    expect(one.json()).toMatchObject({ id: account.id, services: [] });
    const basic = await t.api('GET', `${C}/line-account/${account.id}/line-basic-id`, {
      cookie: a.staff.cookie,
    });
    expect(basic.json()).toEqual({ lineBasicId: channel.basicId });

    const b = await t.clientWithUsers();
    for (const path of ['', '/line-basic-id']) {
      const response = await t.api('GET', `${C}/line-account/${account.id}${path}`, {
        cookie: b.owner.cookie,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(lineAccountMessages.notFound);
      expect(response.body).not.toContain(channel.basicId);
    }
    const otherList = await t.api('GET', `${C}/line-account`, { cookie: b.owner.cookie });
    expect(otherList.json().data).toEqual([]);
    const bad = await t.api('GET', `${C}/line-account/abc`, { cookie: a.staff.cookie });
    expect(bad.json().message).toBe(pathParamMessages.notNumeric);
    expect((await t.api('GET', `${C}/line-account`)).statusCode).toBe(401);
  });

  it('PUT sets the branding; the colour must be #RRGGBB; MANAGER and STAFF may not', async () => {
    const { account } = await connect();
    const url = `${C}/line-account/${account.id}`;
    const ok = await t.api('PUT', url, {
      cookie: a.owner.cookie,
      body: {
        title: '渋谷カフェ会員',
        mainColor: '#ff8800',
        logoUrl: 'https://example.com/logo.png',
        faviconUrl: null,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      title: '渋谷カフェ会員',
      mainColor: '#FF8800',
      logoUrl: 'https://example.com/logo.png',
    });
    for (const [body, message] of [
      [{ mainColor: 'green' }, lineAccountMessages.mainColor],
      [{ mainColor: '#12345' }, lineAccountMessages.mainColor],
      [{ mainColor: '#GGGGGG' }, lineAccountMessages.mainColor],
      [{ logoUrl: 'not a url' }, lineAccountMessages.logoUrl],
      [{ faviconUrl: 'javascript:alert(1)' }, lineAccountMessages.faviconUrl],
      [{ title: 'x'.repeat(101) }, lineAccountMessages.title],
      [{}, lineAccountMessages.nothingToUpdate],
    ] as const) {
      const response = await t.api('PUT', url, { cookie: a.owner.cookie, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const reset = await t.api('PUT', url, { cookie: a.owner.cookie, body: { mainColor: null } });
    expect(reset.json().mainColor).toBe('#1C7F09');
    for (const who of [a.manager, a.staff]) {
      expect((await t.api('PUT', url, { cookie: who.cookie, body: { title: 'x' } })).statusCode).toBe(403);
    }
    const b = await t.clientWithUsers();
    expect((await t.api('PUT', url, { cookie: b.owner.cookie, body: { title: 'x' } })).statusCode).toBe(404);
  });

  it('DELETE sets INACTIVE (idempotent); only {status: INACTIVE} is accepted as a body', async () => {
    const { account } = await connect();
    const url = `${C}/line-account/${account.id}`;
    const wrong = await t.api('DELETE', url, { cookie: a.owner.cookie, body: { status: 'ACTIVE' } });
    expect(wrong.json().message).toBe(lineAccountMessages.deleteStatus);
    expect((await t.api('DELETE', url, { cookie: a.manager.cookie })).statusCode).toBe(403);
    const b = await t.clientWithUsers();
    const foreignDelete = await t.api('DELETE', url, { cookie: b.owner.cookie });
    expect(foreignDelete.statusCode, foreignDelete.body).toBe(404);
    const done = await t.api('DELETE', url, { cookie: a.owner.cookie, body: { status: 'INACTIVE' } });
    expect(done.json()).toMatchObject({ status: 'INACTIVE', webhookStatus: false });
    expect((await t.api('DELETE', url, { cookie: a.owner.cookie })).json().status).toBe('INACTIVE');
  });
});

describe('webhook settings', () => {
  it('POST registers the URL at LINE and LINE tests it against this API; GET shows both sides', async () => {
    const { account } = await connect();
    const setup = await t.api('POST', `${C}/webhook/${account.id}`, { cookie: a.owner.cookie });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({
      lineAccountId: account.id,
      webhookUrl: `${t.appUrl}/line/webhook/${account.id}`,
      endpoint: `${t.appUrl}/line/webhook/${account.id}`,
      active: true,
      webhookStatus: true,
      test: { success: true, statusCode: 200 },
    });
    const read = await t.api('GET', `${C}/webhook/${account.id}`, { cookie: a.staff.cookie });
    expect(read.json()).toMatchObject({ webhookStatus: true, active: true });
    expect((await t.api('POST', `${C}/webhook/${account.id}`, { cookie: a.staff.cookie })).statusCode).toBe(
      403,
    );
    const b = await t.clientWithUsers();
    expect((await t.api('GET', `${C}/webhook/${account.id}`, { cookie: b.owner.cookie })).statusCode).toBe(
      404,
    );
  });
});

describe('master area', () => {
  it('connects, lists, reads, sets up the webhook and deactivates a client’s LINE accounts', async () => {
    const client = await createClient(t.db);
    const channel = await sim.createChannel({ displayName: '梅田サロン' });
    const created = await t.api('POST', `${M}/line`, {
      cookie: master.owner,
      body: connectBody(channel, { clientId: client.id }),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().clientId).toBe(client.id);
    const list = await t.api('GET', `${M}/lines/client/${client.id}`, { cookie: master.staff });
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([id]);
    const one = await t.api('GET', `${M}/line/${id}/client/${client.id}`, { cookie: master.staff });
    expect(one.json().displayName).toBe('梅田サロン');
    // the account under another client's id: 404
    expect(
      (await t.api('GET', `${M}/line/${id}/client/${a.client.id}`, { cookie: master.staff })).statusCode,
    ).toBe(404);
    const missing = await t.api('GET', `${M}/lines/client/987654`, { cookie: master.staff });
    expect(missing.json().message).toBe(errorMessages.clientNotFound);
    const hook = await t.api('POST', `${M}/webhook/${id}/client/${client.id}`, { cookie: master.owner });
    expect(hook.json().test.success).toBe(true);
    expect(
      (await t.api('GET', `${M}/webhook/${id}/client/${client.id}`, { cookie: master.staff })).json()
        .webhookStatus,
    ).toBe(true);
    // MASTER_STAFF reads only
    expect(
      (await t.api('POST', `${M}/webhook/${id}/client/${client.id}`, { cookie: master.staff })).statusCode,
    ).toBe(403);
    expect(
      (await t.api('DELETE', `${M}/line/${id}/client/${client.id}`, { cookie: master.staff })).statusCode,
    ).toBe(403);
    const gone = await t.api('DELETE', `${M}/line/${id}/client/${client.id}`, { cookie: master.owner });
    expect(gone.json().status).toBe('INACTIVE');
    // client users have no master area
    expect(
      (await t.api('GET', `${M}/lines/client/${client.id}`, { cookie: a.owner.cookie })).statusCode,
    ).toBe(403);
    const noClient = await t.api('POST', `${M}/line`, { cookie: master.owner, body: connectBody(channel) });
    expect(noClient.json().message).toBe(lineAccountMessages.clientId);
  });

  it('GET /search/api/v1/master/list/line-oa searches every client’s accounts', async () => {
    const client = await createClient(t.db, { companyName: '検索テスト商事' });
    const channel = await sim.createChannel({ displayName: '検索用アカウント' });
    await t.api('POST', `${M}/line`, {
      cookie: master.owner,
      body: connectBody(channel, { clientId: client.id }),
    });
    const url = '/search/api/v1/master/list/line-oa';
    const found = await t.api('GET', url, { cookie: master.staff, query: { search: '検索テスト' } });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toHaveLength(1);
    expect(found.json().data[0]).toMatchObject({
      companyName: '検索テスト商事',
      displayName: '検索用アカウント',
    });
    expect(found.json().pagination).toMatchObject({ currentPage: 1, totalItems: 1, itemsPerPage: 20 });
    const byClient = await t.api('GET', url, {
      cookie: master.staff,
      query: { clientId: String(client.id) },
    });
    expect(byClient.json().data).toHaveLength(1);
    expect((await t.api('GET', url, { cookie: master.staff, query: { page: '0' } })).statusCode).toBe(400);
    expect((await t.api('GET', url, { cookie: a.owner.cookie })).statusCode).toBe(403);
    const agency = await createAgency(t.db);
    const agencyCookie = await t.userCookie({ role: 'AGENCY', position: 'OWNER', agencyId: agency.id });
    expect((await t.api('GET', url, { cookie: agencyCookie })).statusCode).toBe(403);
  });
});
