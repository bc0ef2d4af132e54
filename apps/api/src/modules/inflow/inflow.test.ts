import { inflowMessages, type InflowReport, type InflowRoute } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, friendTags, inflowVisits } from '../../db/schema/index.ts';
import {
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';

/**
 * 流入経路 (decision 0038) through HTTP on the real stack: the routes' CRUD and tenancy, the QR code, the
 * public landing, attribution of follows (last touch within 7 days, two routes), the figures and the CSV.
 */
const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let liffId: string;
let storeId: number;
let otherAccountId: number;

const settle = async () => {
  for (let i = 0; i < 4; i += 1) await t.app.jobs.runDue();
};
const base = (id = accountId) => `${C}/line-account/${id}/inflow-routes`;
const slugOf = (route: InflowRoute) => new URL(route.url).searchParams.get('r')!;
const report = async (cookie = a.owner.cookie) =>
  (await t.api('GET', base(), { cookie })).json<InflowReport>();
const figuresOf = async (id: number) => (await report()).routes.find((r) => r.id === id)!.figures;

/** A LINE user with an ID token for the account's LINE Login channel (not following unless told). */
async function visitor(name: string, follow = false) {
  return t.liffUser(name, { channelId: channel.channelId, liffId, follow });
}
const visit = (route: InflowRoute, idToken?: string) =>
  t.api('POST', `/liff/api/v1/inflow/${slugOf(route)}/visit`, {
    body: idToken === undefined ? {} : { idToken },
  });
const follow = async (userId: string) => {
  await sim.act(userId, `follow/${channel.channelId}`);
  await settle();
};
const friendOf = async (lineUserId: string) =>
  (await t.db.select().from(friends).where(eq(friends.lineUserId, lineUserId)))[0]!;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  const own = await t.accountWithService(a, 'KS-001', '京都茶房');
  channel = own.channel;
  accountId = own.accountId;
  liffId = own.liffId;
  storeId = own.storeId;
  otherAccountId = (await t.accountWithService(b, 'KS-001', '大阪食堂')).accountId;
}, 120_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

let pop: InflowRoute;
let insta: InflowRoute;
let tagId: number;

describe('routes (流入経路): CRUD, tenancy, QR', () => {
  it('are created by owners and managers with an unguessable URL, read by staff; bad input changes nothing', async () => {
    tagId = (
      await t.api('POST', `${C}/line-account/${accountId}/tags`, {
        cookie: a.owner.cookie,
        body: { name: '店頭から' },
      })
    ).json<{ id: number }>().id;
    const created = await t.api('POST', base(), {
      cookie: a.owner.cookie,
      body: { name: '店頭POP', tagIds: [tagId] },
    });
    expect(created.statusCode).toBe(201);
    pop = created.json<InflowRoute>();
    expect(pop).toMatchObject({ name: '店頭POP', isActive: true, tagIds: [tagId] });
    expect(slugOf(pop)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(pop.url).toContain('/liff/route?r=');
    insta = (await t.api('POST', base(), { cookie: a.manager.cookie, body: { name: 'Instagram' } })).json();
    expect(slugOf(insta)).not.toBe(slugOf(pop));

    expect((await t.api('POST', base(), { cookie: a.staff.cookie, body: { name: 'x' } })).statusCode).toBe(
      403,
    );
    const list = await report(a.staff.cookie);
    expect(list.routes.map((r) => r.name)).toEqual(['店頭POP', 'Instagram']);
    expect(list.attributionDays).toBe(7);

    const empty = await t.api('POST', base(), { cookie: a.owner.cookie, body: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(inflowMessages.nameRequired);
    const tooLong = await t.api('POST', base(), { cookie: a.owner.cookie, body: { name: 'あ'.repeat(101) } });
    expect(tooLong.statusCode).toBe(400);
    // a tag of another account: 404, nothing saved
    const otherTag = (
      await t.api('POST', `${C}/line-account/${otherAccountId}/tags`, {
        cookie: b.owner.cookie,
        body: { name: '他社' },
      })
    ).json<{ id: number }>().id;
    const foreignTag = await t.api('POST', base(), {
      cookie: a.owner.cookie,
      body: { name: 'チラシ 12月', tagIds: [otherTag] },
    });
    expect(foreignTag.statusCode).toBe(404);
    expect(foreignTag.json().message).toBe(inflowMessages.tagNotFound);
    expect((await report()).routes).toHaveLength(2);
  });

  it("another client's routes answer 404 and show nothing", async () => {
    for (const [method, path] of [
      ['GET', base()],
      ['PUT', `${base()}/${pop.id}`],
      ['DELETE', `${base()}/${pop.id}`],
      ['GET', `${base()}/${pop.id}/qr.png`],
      ['GET', `${base()}/${pop.id}/qr.pdf`],
    ] as const) {
      const response = await t.api(method, path, {
        cookie: b.owner.cookie,
        ...(method === 'PUT' ? { body: { name: '乗っ取り' } } : {}),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.body).not.toContain('店頭POP');
    }
    // the other client's own account does not list them either
    const theirs = await t.api('GET', base(otherAccountId), { cookie: b.owner.cookie });
    expect(theirs.json<InflowReport>().routes).toEqual([]);
    // and a route id of this account under the other account's path is no route
    const crossed = await t.api('GET', `${base(otherAccountId)}/${pop.id}/qr.png`, {
      cookie: b.owner.cookie,
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('gives the QR code as a PNG and a printable PDF with the names', async () => {
    const png = await t.api('GET', `${base()}/${pop.id}/qr.png`, { cookie: a.staff.cookie });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const meta = await sharp(png.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(meta.height);
    expect(meta.width).toBeGreaterThanOrEqual(29 * 12);
    const pdf = await t.api('GET', `${base()}/${pop.id}/qr.pdf`, { cookie: a.staff.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('店頭POP');
    expect(text).toContain('京都茶房');
  });
});

describe('landing and attribution', () => {
  it('the landing shows only the account, and a visit records the LINE user of the token', async () => {
    const landing = await t.api('GET', `/liff/api/v1/inflow/${slugOf(pop)}`);
    expect(landing.statusCode).toBe(200);
    expect(landing.json()).toMatchObject({ accountName: '京都茶房', liffId, lineMode: 'simulator' });
    expect(Object.keys(landing.json()).sort()).toEqual([
      'accountName',
      'addFriendUrl',
      'liffId',
      'lineMode',
      'loginUrl',
    ]);
    // the account's LIFF identifies the visitor: no LINE Login detour
    expect(landing.json().loginUrl).toBeNull();
    for (const slug of ['AAAAAAAAAAAAAAAA', 'short', '../../etc', slugOf(pop).toLowerCase() + 'x']) {
      const missing = await t.api('GET', `/liff/api/v1/inflow/${encodeURIComponent(slug)}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(inflowMessages.routeNotFound);
    }
    // anonymous: counted as a visit of its own
    const anonymous = await visit(pop);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ isFriend: false });
    // a forged token: 401, nothing recorded
    const before = (await t.db.select().from(inflowVisits)).length;
    const forged = await visit(pop, 'eyJhbGciOiJIUzI1NiJ9.e30.forged');
    expect(forged.statusCode).toBe(401);
    expect((await t.db.select().from(inflowVisits)).length).toBe(before);
  });

  it('a follow after a visit is a new friend of that route, tagged by it; an existing friend is a visit only', async () => {
    const u1 = await visitor('流入 一郎');
    expect((await visit(pop, u1.idToken)).json()).toMatchObject({ isFriend: false });
    await follow(u1.user.userId);
    const friend = await friendOf(u1.user.userId);
    const tagged = await t.db
      .select()
      .from(friendTags)
      .where(and(eq(friendTags.friendId, friend.id), eq(friendTags.tagId, tagId)));
    expect(tagged).toHaveLength(1);
    const route = await t.api('GET', `${C}/line-account/${accountId}/friends/${friend.id}/inflow-route`, {
      cookie: a.staff.cookie,
    });
    expect(route.json()).toMatchObject({ route: { id: pop.id, name: '店頭POP' } });
    expect(
      (
        await t.api('GET', `${C}/line-account/${accountId}/friends/${friend.id}/inflow-route`, {
          cookie: b.owner.cookie,
        })
      ).statusCode,
    ).toBe(404);

    // already a friend: the visit counts, no new friend
    const regular = await visitor('常連 花子', true);
    expect((await visit(pop, regular.idToken)).json()).toMatchObject({ isFriend: true });
    await settle();
    expect(await figuresOf(pop.id)).toMatchObject({
      visits: 3,
      uniqueVisitors: 3,
      newFriends: 1,
      unblocked: 0,
      blockedLater: 0,
    });
  });

  it('a friend who came through two routes counts for the last one (last touch), once', async () => {
    const u2 = await visitor('二経路 次郎');
    await visit(pop, u2.idToken);
    await visit(pop, u2.idToken);
    await visit(insta, u2.idToken);
    await follow(u2.user.userId);
    await settle();
    expect(await figuresOf(insta.id)).toMatchObject({ visits: 1, uniqueVisitors: 1, newFriends: 1 });
    expect(await figuresOf(pop.id)).toMatchObject({ visits: 5, uniqueVisitors: 4, newFriends: 1 });
    const friend = await friendOf(u2.user.userId);
    const route = await t.api('GET', `${C}/line-account/${accountId}/friends/${friend.id}/inflow-route`, {
      cookie: a.owner.cookie,
    });
    expect(route.json().route).toMatchObject({ id: insta.id });
    // no tag of Instagram's (it has none), none of the POP's either
    expect(await t.db.select().from(friendTags).where(eq(friendTags.friendId, friend.id))).toHaveLength(0);
  });

  it('a visit older than 7 days before the follow does not count', async () => {
    const u3 = await visitor('遅い 三郎');
    await visit(pop, u3.idToken);
    // the visit 8 days before the follow (the sessions of this test stay on the fixed clock)
    await t.db
      .update(inflowVisits)
      .set({ visitedAt: new Date(t.clock.now().getTime() - 8 * 86_400_000) })
      .where(eq(inflowVisits.lineUserId, u3.user.userId));
    await follow(u3.user.userId);
    const friend = await friendOf(u3.user.userId);
    const route = await t.api('GET', `${C}/line-account/${accountId}/friends/${friend.id}/inflow-route`, {
      cookie: a.owner.cookie,
    });
    expect(route.json()).toEqual({ route: null, attributedAt: null });
  });

  it('counts friends who later block, who unblock through a route, and who register as members', async () => {
    const u4 = await visitor('会員 四郎');
    await visit(insta, u4.idToken);
    await follow(u4.user.userId);
    const registered = await t.api('POST', `/member-liff/api/v1/store/${storeId}/members/`, {
      headers: u4.headers,
      body: [],
    });
    expect(registered.statusCode).toBeLessThan(300);
    await settle();
    expect(await figuresOf(insta.id)).toMatchObject({ newFriends: 2, members: 1, blockedLater: 0 });

    const u5 = await visitor('離脱 五郎');
    await visit(insta, u5.idToken);
    await follow(u5.user.userId);
    await sim.act(u5.user.userId, `unfollow/${channel.channelId}`);
    await settle();
    expect(await figuresOf(insta.id)).toMatchObject({ newFriends: 3, blockedLater: 1 });
    // back through the POP: an unblock of the POP's
    await visit(pop, u5.idToken);
    await follow(u5.user.userId);
    expect(await figuresOf(pop.id)).toMatchObject({ unblocked: 1 });
    expect(await figuresOf(insta.id)).toMatchObject({ blockedLater: 0 });
  });

  it('a route switched off or deleted answers 404 at its URL and records nothing', async () => {
    const flyer = (
      await t.api('POST', base(), { cookie: a.owner.cookie, body: { name: '=HYPERLINK("x")' } })
    ).json<InflowRoute>();
    const off = await t.api('PUT', `${base()}/${flyer.id}`, {
      cookie: a.owner.cookie,
      body: { name: '=HYPERLINK("x")', isActive: false },
    });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await visit(flyer)).statusCode).toBe(404);
    expect((await t.api('GET', `/liff/api/v1/inflow/${slugOf(flyer)}`)).statusCode).toBe(404);

    const csv = await t.api('GET', `${base()}.csv`, { cookie: a.staff.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF流入経路,URL,')).toBe(true);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).toContain('店頭POP');

    expect((await t.api('DELETE', `${base()}/${flyer.id}`, { cookie: a.staff.cookie })).statusCode).toBe(403);
    expect((await t.api('DELETE', `${base()}/${flyer.id}`, { cookie: a.owner.cookie })).statusCode).toBe(200);
    expect((await report()).routes.map((r) => r.id)).not.toContain(flyer.id);
    expect(
      (await t.api('PUT', `${base()}/${flyer.id}`, { cookie: a.owner.cookie, body: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
  });

  it('the chart series has a day per day of the period and the visits on their day', async () => {
    const r = await report();
    expect(r.series.days).toHaveLength(60);
    const popSeries = r.series.routes.find((s) => s.routeId === pop.id)!;
    expect(popSeries.visits).toHaveLength(60);
    expect(popSeries.visits.reduce((x, y) => x + y, 0)).toBe((await figuresOf(pop.id)).visits);
    const bad = await t.api('GET', `${base()}?days=3`, { cookie: a.owner.cookie });
    expect(bad.statusCode).toBe(400);
  });
});

describe('LINE Login for an account without a LIFF (decision 0038, addendum)', () => {
  let bakery: { channel: SimChannel; accountId: number };
  let route: InflowRoute;
  let bakeryTag: number;
  const visitsOf = async (routeId: number) =>
    (await t.db.select().from(inflowVisits)).filter((v) => v.routeId === routeId);
  /** Our login URL: 302 to LINE's (the simulator's) authorize screen; answers its query. */
  const startLogin = async () => {
    const landing = (await t.api('GET', `/liff/api/v1/inflow/${slugOf(route)}`)).json<{
      liffId: string | null;
      loginUrl: string;
    }>();
    expect(landing.liffId).toBeNull();
    const login = new URL(landing.loginUrl);
    expect(login.origin).toBe(t.appUrl);
    const out = await t.api('GET', login.pathname);
    expect(out.statusCode).toBe(302);
    expect(out.headers['cache-control']).toBe('no-store');
    const authorize = new URL(out.headers.location as string);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${sim.baseUrl}/oauth2/v2.1/authorize`);
    return authorize.searchParams;
  };
  /** The user allows the login on the simulator's screen: LINE's redirect back to our callback. */
  const allowAs = async (query: URLSearchParams, userId: string, action = 'allow') => {
    const response = await fetch(`${sim.baseUrl}/oauth2/v2.1/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(query), userId, action }),
    });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${t.appUrl}/liff/api/v1/inflow-login/callback`);
    return `${back.pathname}${back.search}`;
  };

  beforeAll(async () => {
    bakery = await t.connectedAccount(a, '祇園ベーカリー');
    bakeryTag = (
      await t.api('POST', `${C}/line-account/${bakery.accountId}/tags`, {
        cookie: a.owner.cookie,
        body: { name: 'ポスターから' },
      })
    ).json<{ id: number }>().id;
    route = (
      await t.api('POST', base(bakery.accountId), {
        cookie: a.owner.cookie,
        body: { name: '駅前ポスター', tagIds: [bakeryTag] },
      })
    ).json<InflowRoute>();
  });

  it('the visitor logs in on LINE, is recorded, follows on the add-friend screen: a new friend of the route, tagged', async () => {
    const query = await startLogin();
    expect(Object.fromEntries(query)).toMatchObject({
      response_type: 'code',
      client_id: bakery.channel.loginChannel.channelId,
      redirect_uri: `${t.appUrl}/liff/api/v1/inflow-login/callback`,
      scope: 'openid profile',
    });
    expect(query.get('nonce')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(query.get('state')).toContain(slugOf(route));
    expect(query.has('bot_prompt')).toBe(false);

    const user = await sim.createUser('ログイン 花子');
    const callback = await allowAs(query, user.userId);
    const back = await t.api('GET', callback);
    expect(back.statusCode).toBe(302);
    // the simulator's add-friend screen, told which user opens it
    const addFriend = new URL(back.headers.location as string);
    expect(addFriend.toString()).toBe(
      `${sim.baseUrl}/R/ti/p/${encodeURIComponent(bakery.channel.basicId)}?userId=${user.userId}`,
    );
    // the client secret is in no answer
    expect(JSON.stringify(back.headers)).not.toContain(bakery.channel.loginChannel.channelSecret);
    const recorded = await visitsOf(route.id);
    expect(recorded.map((v) => [v.lineUserId, v.wasFriend])).toEqual([[user.userId, false]]);

    // the add-friend screen follows (the follow webhook), attributed to the route and tagged by it
    const page = await fetch(addFriend);
    expect(await page.text()).toContain('友だち追加しました');
    await settle();
    const friend = await friendOf(user.userId);
    const tagged = await t.db
      .select()
      .from(friendTags)
      .where(and(eq(friendTags.friendId, friend.id), eq(friendTags.tagId, bakeryTag)));
    expect(tagged).toHaveLength(1);
    const figures = (
      await t.api('GET', base(bakery.accountId), { cookie: a.owner.cookie })
    ).json<InflowReport>().routes[0]!.figures;
    expect(figures).toMatchObject({ visits: 1, newFriends: 1 });
    const friendRoute = await t.api(
      'GET',
      `${C}/line-account/${bakery.accountId}/friends/${friend.id}/inflow-route`,
      { cookie: a.staff.cookie },
    );
    expect(friendRoute.json()).toMatchObject({ route: { id: route.id, name: '駅前ポスター' } });

    // the same callback again (a replayed code): LINE refuses the used code, 401, nothing recorded
    const replayed = await t.api('GET', callback);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(inflowMessages.idTokenInvalid);
    // the visitor's browser (it asks for a page) goes back to the landing, which offers to try again
    const replayedInBrowser = await t.api('GET', callback, { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(replayedInBrowser.statusCode).toBe(302);
    expect(replayedInBrowser.headers.location).toBe(`${t.appUrl}/liff/route?r=${slugOf(route)}&login=failed`);
    expect(await visitsOf(route.id)).toHaveLength(1);

    // a friend already: the visit is recorded as a friend's and the landing says so
    const again = await t.api('GET', await allowAs(await startLogin(), user.userId));
    expect(again.headers.location).toBe(`${t.appUrl}/liff/route?r=${slugOf(route)}&visited=friend`);
    expect((await visitsOf(route.id)).map((v) => v.wasFriend)).toEqual([false, true]);
  });

  it('a forged, altered, foreign or expired state answers 400 and records nothing', async () => {
    const user = await sim.createUser('偽造 次郎');
    const query = await startLogin();
    const callback = new URL(await allowAs(query, user.userId), t.appUrl);
    const state = callback.searchParams.get('state')!;
    const [slug, nonce, expiry, mac] = state.split('.') as [string, string, string, string];
    const otherSlug = slugOf(pop);
    const flipped = `${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BA' : 'AA'}`;
    const before = (await t.db.select().from(inflowVisits)).length;
    for (const forged of [
      '',
      'x',
      `${slug}.${nonce}.${expiry}.${flipped}`,
      `${otherSlug}.${nonce}.${expiry}.${mac}`,
      `${slug}.${nonce}.${Number(expiry) + 3600}.${mac}`,
      `${slug}.${'A'.repeat(22)}.${expiry}.${mac}`,
    ]) {
      const tampered = new URL(callback);
      tampered.searchParams.set('state', forged);
      const response = await t.api('GET', `${tampered.pathname}${tampered.search}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(inflowMessages.loginStateInvalid);
    }
    // a browser is sent back to the landing its state names (a forged slug's landing says it is unknown)
    const html = { headers: { accept: 'text/html' } };
    const inBrowser = new URL(callback);
    inBrowser.searchParams.set('state', `${otherSlug}.${nonce}.${expiry}.${mac}`);
    const back = await t.api('GET', `${inBrowser.pathname}${inBrowser.search}`, html);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`${t.appUrl}/liff/route?r=${otherSlug}&login=failed`);
    // no state at all, or a code without one (a browser too: no landing to go back to)
    expect((await t.api('GET', '/liff/api/v1/inflow-login/callback')).statusCode).toBe(400);
    expect((await t.api('GET', '/liff/api/v1/inflow-login/callback', html)).statusCode).toBe(400);
    // our own state, 10 minutes on: expired
    t.clock.advance(11 * 60_000);
    try {
      const late = await t.api('GET', `${callback.pathname}${callback.search}`);
      expect(late.statusCode).toBe(400);
    } finally {
      t.clock.advance(-11 * 60_000);
    }
    // a code without a state is no login
    const noCode = new URL(callback);
    noCode.searchParams.delete('code');
    expect((await t.api('GET', `${noCode.pathname}${noCode.search}`)).statusCode).toBe(400);
    expect((await t.db.select().from(inflowVisits)).length).toBe(before);
    // a made-up slug at our login URL: the one 404
    expect((await t.api('GET', '/liff/api/v1/inflow/AAAAAAAAAAAAAAAA/login')).statusCode).toBe(404);
  });

  it('a cancelled login or LINE unreachable is an anonymous visit that still goes on to add the account', async () => {
    const before = (await visitsOf(route.id)).length;
    const user = await sim.createUser('取消 三郎');
    const cancelled = await t.api('GET', await allowAs(await startLogin(), user.userId, 'cancel'));
    expect(cancelled.statusCode).toBe(302);
    expect(cancelled.headers.location).toBe(
      `${sim.baseUrl}/R/ti/p/${encodeURIComponent(bakery.channel.basicId)}`,
    );
    await sim.fault({ status: 500, count: 1, pathPrefix: '/oauth2/v2.1/token' });
    const down = await t.api('GET', await allowAs(await startLogin(), user.userId));
    expect(down.statusCode).toBe(302);
    expect(down.headers.location).toBe(`${sim.baseUrl}/R/ti/p/${encodeURIComponent(bakery.channel.basicId)}`);
    const recorded = (await visitsOf(route.id)).slice(before);
    expect(recorded.map((v) => v.lineUserId)).toEqual([null, null]);
  });
});
