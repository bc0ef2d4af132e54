import { serviceMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
} from '../../testing/line-sim.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

async function connect(cookie = a.owner.cookie) {
  const channel = await sim.createChannel({ displayName: '渋谷カフェ' });
  const response = await t.api('POST', `${C}/line-account`, { cookie, body: connectBody(channel) });
  return { channel, response, account: response.json() };
}

describe('services', () => {
  it('GET /service and /service/{code} answer the catalogue', async () => {
    const list = await t.api('GET', `${C}/service`, { cookie: a.staff.cookie });
    expect(list.json().data.map((s: { code: string; name: string }) => [s.code, s.name])).toEqual([
      ['KS-001', 'member'],
      ['KS-002', 'shift'],
    ]);
    const one = await t.api('GET', `${C}/service/KS-002`, { cookie: a.staff.cookie });
    expect(one.json()).toMatchObject({ code: 'KS-002', isPublished: true });
    expect(one.json().features.length).toBeGreaterThan(0);
    const missing = await t.api('GET', `${C}/service/KS-999`, { cookie: a.staff.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(serviceMessages.notFound);
    expect((await t.api('GET', `${C}/service`)).statusCode).toBe(401);
  });

  it('linking registers the LIFF app on the login channel, keeps its liffId and creates the store', async () => {
    const { account, channel } = await connect();
    const url = `${C}/line-account/${account.id}/lineAccountService`;
    const linked = await t.api('POST', url, {
      cookie: a.owner.cookie,
      body: { serviceCode: 'KS-001', clientId: a.client.id },
    });
    expect(linked.statusCode).toBe(201);
    const link = linked.json();
    expect(link).toMatchObject({
      lineAccountId: account.id,
      serviceCode: 'KS-001',
      name: 'member',
      status: 'ACTIVE',
    });
    const liff = await sim.consoleCall<{ apps: { liffId: string; view: { url: string } }[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/liff-apps`,
    );
    expect(liff.apps).toHaveLength(1);
    expect(liff.apps[0]).toMatchObject({
      liffId: link.liffId,
      view: { url: `${t.appUrl}/liff/member?lineAccountId=${account.id}` },
    });
    const [store] = await t.db.select().from(stores).where(eq(stores.id, link.storeId));
    expect(store).toMatchObject({
      clientId: a.client.id,
      lineAccountId: account.id,
      serviceCode: 'KS-001',
      status: 'ACTIVE',
    });
    const view = await t.api('GET', `${C}/line-account/${account.id}`, { cookie: a.staff.cookie });
    expect(view.json().services).toEqual([link]);

    const again = await t.api('POST', url, {
      cookie: a.owner.cookie,
      body: { serviceCode: 'KS-001', clientId: a.client.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(serviceMessages.alreadyLinked);
    const bad = await t.api('POST', url, {
      cookie: a.owner.cookie,
      body: { serviceCode: 'KS-3', clientId: a.client.id },
    });
    expect(bad.json().message).toBe(serviceMessages.serviceCode);
    const noClient = await t.api('POST', url, { cookie: a.owner.cookie, body: { serviceCode: 'KS-002' } });
    expect(noClient.json().message).toBe(serviceMessages.clientId);
    const b = await t.clientWithUsers();
    const foreign = await t.api('POST', url, {
      cookie: b.owner.cookie,
      body: { serviceCode: 'KS-002', clientId: b.client.id },
    });
    expect(foreign.statusCode).toBe(404);
    const otherClientId = await t.api('POST', url, {
      cookie: a.owner.cookie,
      body: { serviceCode: 'KS-002', clientId: b.client.id },
    });
    expect(otherClientId.statusCode).toBe(404);
    expect(
      (
        await t.api('POST', url, {
          cookie: a.manager.cookie,
          body: { serviceCode: 'KS-002', clientId: a.client.id },
        })
      ).statusCode,
    ).toBe(403);
    const shift = await t.api('POST', url, {
      cookie: a.owner.cookie,
      body: { serviceCode: 'KS-002', clientId: a.client.id },
    });
    expect(shift.json()).toMatchObject({ name: 'shift', status: 'ACTIVE' });
    expect(shift.json().storeId).not.toBe(link.storeId);
  });
});
