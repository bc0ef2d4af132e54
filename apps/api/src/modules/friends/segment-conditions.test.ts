// The segment conditions other modules own (issues 33, 32, 28): the member card (会員ランク, ポイント残高,
// 来店回数, クーポン保有), the inflow route (流入経路) and scenarios (シナリオ), through the friend search and a
// saved segment's delivery audience count, combined with tags by AND/OR, and another client's ids refused;
// clicks on a delivery's tracked links (クリックしたURL / 配信), made through the redirect endpoint.
import { friendMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryClicks,
  deliveryLinks,
  deliveryRecipientTokens,
  friends,
  memberCoupons,
  richMenuTaps,
  scenarioEnrolments,
  stepClicks,
  stepLinks,
  stepRecipientTokens,
} from '../../db/schema/index.ts';
import { createPng, dataUrl } from '../../testing/images.ts';
import { createLineTestApp, startLineSim, type LineSim, type LineTestApp } from '../../testing/line-sim.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let own: Awaited<ReturnType<LineTestApp['accountWithService']>>;
let other: Awaited<ReturnType<LineTestApp['accountWithService']>>;

const acc = (id = own.accountId) => `${C}/line-account/${id}`;
const memberApi = () => `${acc()}/member-service`;
const settle = async () => {
  for (let i = 0; i < 4; i += 1) await t.app.jobs.runDue();
};
const friendIdOf = async (lineUserId: string) =>
  (await t.db.select().from(friends).where(eq(friends.lineUserId, lineUserId)))[0]!.id;

type Member = { name: string; userId: string; friendId: number; memberId: number };
const people: Record<string, Member> = {};

async function member(name: string, visits: number) {
  const { user, headers } = await t.liffUser(name, { channelId: own.channel.channelId, liffId: own.liffId });
  const registered = await t.api('POST', `/member-liff/api/v1/store/${own.storeId}/members/`, {
    headers,
    body: [],
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const memberId = registered.json<{ id: number }>().id;
  for (let i = 0; i < visits; i += 1) {
    const visit = await t.api('POST', `${memberApi()}/members/${memberId}/ledger`, {
      cookie: a.staff.cookie,
      body: { action: 'VISIT' },
    });
    expect(visit.statusCode, visit.body).toBe(201);
  }
  people[name] = { name, userId: user.userId, friendId: await friendIdOf(user.userId), memberId };
  return { headers, memberId };
}

let gold: number; // coupon ids
let drink: number;
let popRoute: number;
let instaRoute: number;
let welcome: number;
let followUp: number;
let tagId: number;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  own = await t.accountWithService(a, 'KS-001', '梅田カフェ');
  other = await t.accountWithService(b, 'KS-001', '大阪食堂');

  // the member card: 10 points a visit; ブロンズ from 0, シルバー from 100, ゴールド from 300 points
  const program = (ranks: unknown[]) => ({
    kind: 'POINTS',
    pointsPerVisit: 10,
    pointsPerYen: 0,
    rounding: 'FLOOR',
    expiryMonths: null,
    rewardPoints: 100,
    stampsForReward: 10,
    stampIntervalMinutes: 0,
    rewardName: 'ドリンク1杯無料',
    rankBasis: 'POINTS_12M',
    ranks,
  });
  const put = await t.api('PUT', `${memberApi()}/program`, {
    cookie: a.owner.cookie,
    body: program([
      { name: 'ブロンズ', threshold: 0 },
      { name: 'シルバー', threshold: 100 },
      { name: 'ゴールド', threshold: 300 },
    ]),
  });
  expect(put.statusCode, put.body).toBe(200);
  const otherPut = await t.api('PUT', `${C}/line-account/${other.accountId}/member-service/program`, {
    cookie: b.owner.cookie,
    body: program([
      { name: 'レギュラー', threshold: 0 },
      { name: 'VIP', threshold: 50 },
    ]),
  });
  expect(otherPut.statusCode, otherPut.body).toBe(200);
  const coupon = async (name: string, cookie = a.manager.cookie, base = memberApi()) => {
    const response = await t.api('POST', `${base}/coupons`, {
      cookie,
      body: {
        name,
        kind: 'AMOUNT',
        value: 100,
        validFrom: '2026-11-01',
        validTo: '2026-12-31',
        perMemberLimit: 1,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  gold = await coupon('ゴールド特典');
  drink = await coupon('ドリンク100円引き');

  const hanako = await member('佐藤 花子', 12); // 120 points, 12 visits: シルバー
  const taro = await member('鈴木 太郎', 3); // 30 points: ブロンズ
  await member('高橋 結衣', 31); // 310 points: ゴールド
  await member('伊藤 健', 0); // no visit yet: no rank, balance 0
  const claim = async (m: { headers: Record<string, string> }, couponId: number) => {
    const response = await t.api(
      'POST',
      `/member-liff/api/v1/store/${own.storeId}/coupons/${couponId}/claims`,
      {
        headers: m.headers,
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ claimId: number }>().claimId;
  };
  await claim(hanako, gold);
  await claim(hanako, drink);
  const used = await claim(taro, drink);
  const redeemed = await t.api('POST', `${memberApi()}/members/${taro.memberId}/coupons/${used}/redemption`, {
    cookie: a.staff.cookie,
  });
  expect(redeemed.statusCode, redeemed.body).toBeLessThan(300);

  // inflow routes: a visitor scans 店頭POP and follows (a friend who is no member)
  const route = async (name: string) => {
    const response = await t.api('POST', `${acc()}/inflow-routes`, {
      cookie: a.manager.cookie,
      body: { name },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; url: string }>();
  };
  const pop = await route('店頭POP');
  popRoute = pop.id;
  instaRoute = (await route('Instagram')).id;
  const visitor = await t.liffUser('流入 さくら', {
    channelId: own.channel.channelId,
    liffId: own.liffId,
    follow: false,
  });
  const visited = await t.api('POST', `/liff/api/v1/inflow/${new URL(pop.url).searchParams.get('r')}/visit`, {
    body: { idToken: visitor.idToken },
  });
  expect(visited.statusCode, visited.body).toBeLessThan(300);
  await sim.act(visitor.user.userId, `follow/${own.channel.channelId}`);
  await settle();
  people['流入 さくら'] = {
    name: '流入 さくら',
    userId: visitor.user.userId,
    friendId: await friendIdOf(visitor.user.userId),
    memberId: 0,
  };

  // scenarios (switched off: nobody is enrolled by a follow); 花子 runs through ウェルカム, 太郎 finished it
  const scenario = async (name: string) => {
    const response = await t.api('POST', `${acc()}/scenarios`, {
      cookie: a.owner.cookie,
      body: {
        name,
        enabled: false,
        trigger: 'FOLLOW',
        steps: [{ delay: { amount: 1, unit: 'DAYS' }, messages: [{ type: 'text', text: 'ようこそ' }] }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  welcome = await scenario('ウェルカム');
  followUp = await scenario('フォローアップ');
  const enrol = (m: Member, scenarioId: number, status: 'ACTIVE' | 'COMPLETED' | 'STOPPED') => ({
    clientId: a.client.id,
    lineAccountId: own.accountId,
    scenarioId,
    friendId: m.friendId,
    lineUserId: m.userId,
    status,
    enrolledAt: new Date('2026-11-20T00:00:00Z'),
  });
  await t.db
    .insert(scenarioEnrolments)
    .values([
      enrol(people['佐藤 花子']!, welcome, 'ACTIVE'),
      enrol(people['鈴木 太郎']!, welcome, 'COMPLETED'),
      enrol(people['高橋 結衣']!, welcome, 'STOPPED'),
      enrol(people['流入 さくら'], followUp, 'ACTIVE'),
    ]);

  // a tag on 太郎 and さくら
  const tag = await t.api('POST', `${acc()}/tags`, { cookie: a.manager.cookie, body: { name: '常連' } });
  expect(tag.statusCode, tag.body).toBe(201);
  tagId = tag.json<{ id: number }>().id;
  const tagged = await t.api('POST', `${acc()}/friend-tags`, {
    cookie: a.manager.cookie,
    body: {
      action: 'add',
      tagIds: [tagId],
      friendIds: [people['鈴木 太郎']!.friendId, people['流入 さくら'].friendId],
    },
  });
  expect(tagged.statusCode, tagged.body).toBeLessThan(300);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const search = (body: Record<string, unknown>, cookie = a.staff.cookie, id = own.accountId) =>
  t.api('POST', `/search/api/v1/client/line-account/${id}/list/friends`, {
    cookie,
    body: { includeNonMembers: true, ...body },
  });
const names = async (body: Record<string, unknown>) => {
  const response = await search(body);
  expect(response.statusCode, response.body).toBe(200);
  const { data, pagination } = response.json<{
    data: { displayName: string }[];
    pagination: { totalItems: number };
  }>();
  expect(pagination.totalItems).toBe(data.length);
  return data.map((f) => f.displayName).sort();
};
/** The same conditions saved as a segment, counted as a delivery audience. */
const audienceCount = async (conditions: Record<string, unknown>) => {
  const saved = await t.api('POST', `${acc()}/segments`, {
    cookie: a.manager.cookie,
    body: { name: `条件 ${Math.random()}`, conditions: { includeNonMembers: true, ...conditions } },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const counted = await t.api('POST', `${acc()}/delivery-audience/count`, {
    cookie: a.staff.cookie,
    body: { audience: { type: 'SEGMENT', segmentId: saved.json<{ id: number }>().id } },
  });
  expect(counted.statusCode, counted.body).toBe(200);
  return counted.json<{ count: number }>().count;
};
const expectBadRequest = async (body: Record<string, unknown>, message: string) => {
  const response = await search(body);
  expect(response.statusCode, JSON.stringify(body)).toBe(400);
  expect(response.json().message).toBe(message);
};

describe('member card conditions (会員ランク, ポイント残高, 来店回数, クーポン保有)', () => {
  it('finds members by rank, balance, visits and a usable coupon, in the search and a delivery audience', async () => {
    expect(await names({ memberRanks: ['シルバー'] })).toEqual(['佐藤 花子']);
    expect(await names({ memberRanks: ['ブロンズ', 'ゴールド'] })).toEqual(['鈴木 太郎', '高橋 結衣']);
    expect(await names({ pointsBalance: { min: 100 } })).toEqual(['佐藤 花子', '高橋 結衣']);
    expect(await names({ pointsBalance: { min: 0, max: 30 } })).toEqual(['伊藤 健', '鈴木 太郎']);
    expect(await names({ pointsBalance: { min: 100, max: 120 } })).toEqual(['佐藤 花子']);
    expect(await names({ visitCount: { min: 3, max: 12 } })).toEqual(['佐藤 花子', '鈴木 太郎']);
    expect(await names({ visitCount: { max: 0 } })).toEqual(['伊藤 健']);
    // 太郎 used his drink coupon: only 花子 holds one she can use
    expect(await names({ holdsCoupons: [drink] })).toEqual(['佐藤 花子']);
    expect(await names({ holdsCoupons: [gold, drink] })).toEqual(['佐藤 花子']);
    expect(await audienceCount({ memberRanks: ['ブロンズ', 'ゴールド'] })).toBe(2);
    expect(await audienceCount({ pointsBalance: { min: 100 } })).toBe(2);
    expect(await audienceCount({ holdsCoupons: [drink] })).toBe(1);
  });

  it('combines with tags by AND and OR', async () => {
    expect(await names({ visitCount: { max: 5 }, hasTags: [tagId] })).toEqual(['鈴木 太郎']);
    expect(await names({ memberRanks: ['ゴールド'], hasTags: [tagId], condition: 'OR' })).toEqual([
      '流入 さくら',
      '鈴木 太郎',
      '高橋 結衣',
    ]);
    expect(await audienceCount({ memberRanks: ['ゴールド'], hasTags: [tagId], condition: 'OR' })).toBe(3);
  });

  it('tags the friends a card condition finds (the tag bulk action reads the same segment)', async () => {
    const tag = await t.api('POST', `${acc()}/tags`, {
      cookie: a.manager.cookie,
      body: { name: '上位会員' },
    });
    expect(tag.statusCode, tag.body).toBe(201);
    const vip = tag.json<{ id: number }>().id;
    const bulk = await t.api('POST', `${acc()}/friend-tags`, {
      cookie: a.manager.cookie,
      body: { action: 'add', tagIds: [vip], conditions: { pointsBalance: { min: 100 } } },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ changed: 2 });
    expect(await names({ hasTags: [vip] })).toEqual(['佐藤 花子', '高橋 結衣']);
    const refused = await t.api('POST', `${acc()}/friend-tags`, {
      cookie: a.manager.cookie,
      body: { action: 'add', tagIds: [vip], conditions: { visitCount: { min: 9, max: 2 } } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(friendMessages.rangeOrder);
  });

  it('a coupon past its validity or switched off is held by nobody', async () => {
    await t.db.update(memberCoupons).set({ validTo: '2026-11-20' }).where(eq(memberCoupons.id, gold));
    expect(await names({ holdsCoupons: [gold] })).toEqual([]);
    await t.db
      .update(memberCoupons)
      .set({ validTo: '2026-12-31', isEnabled: false })
      .where(eq(memberCoupons.id, gold));
    expect(await names({ holdsCoupons: [gold] })).toEqual([]);
    await t.db.update(memberCoupons).set({ isEnabled: true }).where(eq(memberCoupons.id, gold));
    expect(await names({ holdsCoupons: [gold] })).toEqual(['佐藤 花子']);
  });

  it('refuses bad ranges and another client’s ranks and coupons with a 400, finding nobody', async () => {
    await expectBadRequest({ pointsBalance: { min: 200, max: 100 } }, friendMessages.rangeOrder);
    await expectBadRequest({ visitCount: { min: 5, max: 1 } }, friendMessages.rangeOrder);
    await expectBadRequest({ visitCount: { min: -1 } }, friendMessages.visitCount);
    await expectBadRequest({ pointsBalance: { min: 1.5 } }, friendMessages.pointsBalance);
    await expectBadRequest({ pointsBalance: 100 }, friendMessages.pointsBalance);
    await expectBadRequest({ memberRanks: [] }, friendMessages.memberRanks);
    await expectBadRequest({ memberRanks: ['VIP'] }, friendMessages.unknownRank);
    await expectBadRequest({ holdsCoupons: ['x'] }, friendMessages.holdsCoupons);
    const theirs = await t.api('POST', `${C}/line-account/${other.accountId}/member-service/coupons`, {
      cookie: b.manager.cookie,
      body: {
        name: '他店',
        kind: 'AMOUNT',
        value: 1,
        validFrom: '2026-11-01',
        validTo: '2026-12-31',
        perMemberLimit: 1,
      },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    await expectBadRequest(
      { holdsCoupons: [theirs.json<{ id: number }>().id] },
      friendMessages.unknownCoupon,
    );
    // the other client's own search knows its own ranks, and none of ours
    const mine = await search({ memberRanks: ['VIP'] }, b.staff.cookie, other.accountId);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual([]);
    expect((await search({ memberRanks: ['シルバー'] }, b.staff.cookie, other.accountId)).statusCode).toBe(
      400,
    );
    // a saved segment naming another client's rank is counted as a 400 (and our own rank finds nobody there)
    const saved = await t.api('POST', `${acc()}/segments`, {
      cookie: a.manager.cookie,
      body: { name: '他店ランク', conditions: { memberRanks: ['VIP'] } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const counted = await t.api('POST', `${acc()}/delivery-audience/count`, {
      cookie: a.staff.cookie,
      body: { audience: { type: 'SEGMENT', segmentId: saved.json<{ id: number }>().id } },
    });
    expect(counted.statusCode, counted.body).toBe(400);
    expect(counted.json().message).toBe(friendMessages.unknownRank);
  });
});

describe('inflow route condition (流入経路)', () => {
  it('finds the friends a route brought, with tags by AND and OR, and refuses another account’s routes', async () => {
    expect(await names({ inflowRoutes: [popRoute] })).toEqual(['流入 さくら']);
    expect(await names({ inflowRoutes: [instaRoute] })).toEqual([]);
    expect(await names({ inflowRoutes: [instaRoute, popRoute] })).toEqual(['流入 さくら']);
    expect(await names({ inflowRoutes: [popRoute], hasTags: [tagId] })).toEqual(['流入 さくら']);
    expect(await names({ inflowRoutes: [popRoute], lacksTags: [tagId] })).toEqual([]);
    expect(await names({ inflowRoutes: [popRoute], memberRanks: ['シルバー'], condition: 'OR' })).toEqual([
      '佐藤 花子',
      '流入 さくら',
    ]);
    expect(await audienceCount({ inflowRoutes: [popRoute] })).toBe(1);
    const theirs = await t.api('POST', `${C}/line-account/${other.accountId}/inflow-routes`, {
      cookie: b.manager.cookie,
      body: { name: '他社チラシ' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    await expectBadRequest({ inflowRoutes: [theirs.json<{ id: number }>().id] }, friendMessages.unknownRoute);
    await expectBadRequest({ inflowRoutes: [] }, friendMessages.inflowRoutes);
  });
});

describe('scenario conditions (シナリオ)', () => {
  it('finds friends running through or finished with a scenario, with tags, and refuses another account’s', async () => {
    expect(await names({ inScenarios: [welcome] })).toEqual(['佐藤 花子']);
    expect(await names({ finishedScenarios: [welcome] })).toEqual(['鈴木 太郎']);
    expect(await names({ inScenarios: [welcome], finishedScenarios: [welcome] })).toEqual([]);
    expect(await names({ inScenarios: [welcome], finishedScenarios: [welcome], condition: 'OR' })).toEqual([
      '佐藤 花子',
      '鈴木 太郎',
    ]);
    expect(await names({ inScenarios: [followUp], hasTags: [tagId] })).toEqual(['流入 さくら']);
    expect(await names({ finishedScenarios: [followUp] })).toEqual([]);
    expect(await audienceCount({ inScenarios: [welcome, followUp], condition: 'OR' })).toBe(2);
    const theirs = await t.api('POST', `${C}/line-account/${other.accountId}/scenarios`, {
      cookie: b.owner.cookie,
      body: {
        name: '他社',
        enabled: false,
        trigger: 'FOLLOW',
        steps: [{ delay: { amount: 1, unit: 'DAYS' }, messages: [{ type: 'text', text: 'x' }] }],
      },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    await expectBadRequest(
      { inScenarios: [theirs.json<{ id: number }>().id] },
      friendMessages.unknownScenario,
    );
    await expectBadRequest({ finishedScenarios: [welcome, 987654] }, friendMessages.unknownScenario);
  });
});

describe('click conditions (クリックしたURL / 配信)', () => {
  /** A delivery of the account with some links, sent to every friend: its links are made by the sender. */
  const sentDelivery = async (title: string, texts: string[]) => {
    const created = await t.api('POST', `${acc()}/deliveries`, {
      cookie: a.owner.cookie,
      body: { title, messages: texts.map((text) => ({ type: 'text', text })), audience: { type: 'ALL' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const sent = await t.api('POST', `${acc()}/deliveries/${id}/send`, { cookie: a.owner.cookie, body: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    await settle();
    const links = await t.db.select().from(deliveryLinks).where(eq(deliveryLinks.deliveryId, id));
    expect(links.length).toBe(texts.length);
    return { id, tokens: links.sort((x, y) => x.id - y.id).map((l) => l.token) };
  };
  let n = 0;
  /** A click through the redirect, named to a friend by a recipient token of the delivery (decision 0035). */
  const click = async (deliveryId: number, linkToken: string, friend?: Member) => {
    let path = `/r/${linkToken}`;
    if (friend) {
      n += 1;
      const token = `recipient${String(n).padStart(7, '0')}`;
      await t.db
        .insert(deliveryRecipientTokens)
        .values({ token, deliveryId, friendId: friend.friendId, isTest: false });
      path += `.${token}`;
    }
    const response = await t.api('GET', path);
    expect(response.statusCode, response.body).toBe(302);
  };

  it('finds friends who clicked a delivery’s links or any link lately, with tags, in a delivery audience', async () => {
    const sale = await sentDelivery('冬のセール', [
      'https://shop.example.jp/sale',
      'https://shop.example.jp/map',
    ]);
    const news = await sentDelivery('新メニュー', ['https://shop.example.jp/menu']);
    const hanako = people['佐藤 花子']!;
    const taro = people['鈴木 太郎']!;
    const sakura = people['流入 さくら']!;
    await click(sale.id, sale.tokens[0]!, hanako);
    await click(sale.id, sale.tokens[1]!, taro);
    await click(news.id, news.tokens[0]!, taro);
    await click(news.id, news.tokens[0]!, sakura);
    await click(news.id, news.tokens[0]!); // anonymous: counted, but nobody's
    await click(sale.id, sale.tokens[0]!); // anonymous
    expect(await t.db.select().from(deliveryClicks)).toHaveLength(6);
    // さくら's click was 40 days ago
    const fortyDaysAgo = new Date(t.clock.now().getTime() - 40 * 24 * 60 * 60 * 1000);
    await t.db
      .update(deliveryClicks)
      .set({ clickedAt: fortyDaysAgo })
      .where(eq(deliveryClicks.friendId, sakura.friendId));

    expect(await names({ clickedDeliveries: [sale.id] })).toEqual(['佐藤 花子', '鈴木 太郎']);
    expect(await names({ clickedDeliveries: [news.id] })).toEqual(['流入 さくら', '鈴木 太郎']);
    expect(await names({ clickedDeliveries: [sale.id, news.id] })).toEqual(['鈴木 太郎']);
    expect(await names({ clickedDeliveries: [sale.id, news.id], condition: 'OR' })).toEqual([
      '佐藤 花子',
      '流入 さくら',
      '鈴木 太郎',
    ]);
    expect(await names({ clickedWithinDays: 30 })).toEqual(['佐藤 花子', '鈴木 太郎']);
    expect(await names({ clickedWithinDays: 41 })).toEqual(['佐藤 花子', '流入 さくら', '鈴木 太郎']);
    expect(await names({ clickedDeliveries: [news.id], clickedWithinDays: 30 })).toEqual(['鈴木 太郎']);
    expect(await names({ clickedDeliveries: [sale.id], hasTags: [tagId] })).toEqual(['鈴木 太郎']);
    expect(await names({ clickedDeliveries: [sale.id], lacksTags: [tagId] })).toEqual(['佐藤 花子']);
    expect(await names({ clickedDeliveries: [news.id], memberRanks: ['ゴールド'], condition: 'OR' })).toEqual(
      ['流入 さくら', '鈴木 太郎', '高橋 結衣'],
    );
    expect(await audienceCount({ clickedDeliveries: [news.id] })).toBe(2);
    expect(await audienceCount({ clickedWithinDays: 30 })).toBe(2);
    expect(await audienceCount({ clickedDeliveries: [sale.id, news.id] })).toBe(1);
  });

  it('refuses another account’s delivery, a made-up one and a bad window with a 400, in the search and a saved segment', async () => {
    const theirs = await t.api('POST', `${C}/line-account/${other.accountId}/deliveries`, {
      cookie: b.owner.cookie,
      body: {
        title: '他社',
        messages: [{ type: 'text', text: 'https://other.example.jp' }],
        audience: { type: 'ALL' },
      },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirId = theirs.json<{ id: number }>().id;
    await expectBadRequest({ clickedDeliveries: [theirId] }, friendMessages.unknownDelivery);
    await expectBadRequest({ clickedDeliveries: [987654] }, friendMessages.unknownDelivery);
    await expectBadRequest({ clickedDeliveries: ['x'] }, friendMessages.clickedDeliveries);
    await expectBadRequest({ clickedWithinDays: 0 }, friendMessages.clickedWithinDays);
    await expectBadRequest({ clickedWithinDays: 366 }, friendMessages.clickedWithinDays);
    await expectBadRequest({ clickedWithinDays: 1.5 }, friendMessages.clickedWithinDays);
    // the other client's own search takes its own delivery (nobody clicked it), and none of ours
    const mine = await search({ clickedDeliveries: [theirId] }, b.staff.cookie, other.accountId);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual([]);
    const ours = await t.db.select({ id: deliveryLinks.deliveryId }).from(deliveryLinks).limit(1);
    const refused = await search({ clickedDeliveries: [ours[0]!.id] }, b.staff.cookie, other.accountId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(friendMessages.unknownDelivery);
    // a saved segment naming another client's delivery is counted as a 400
    const saved = await t.api('POST', `${acc()}/segments`, {
      cookie: a.manager.cookie,
      body: { name: '他社の配信', conditions: { clickedDeliveries: [theirId] } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const counted = await t.api('POST', `${acc()}/delivery-audience/count`, {
      cookie: a.staff.cookie,
      body: { audience: { type: 'SEGMENT', segmentId: saved.json<{ id: number }>().id } },
    });
    expect(counted.statusCode, counted.body).toBe(400);
    expect(counted.json().message).toBe(friendMessages.unknownDelivery);
  });
});

describe('click conditions and scenario steps’ links (decision 0060)', () => {
  it('a tap on a step’s link counts for "clicked any link lately", in the search and a delivery audience', async () => {
    const yui = people['高橋 結衣']!;
    const before = await names({ clickedWithinDays: 30 });
    expect(before).not.toContain('高橋 結衣');
    // a step's link, and 結衣's own part of it, as the step's send stores them before its push
    const [link] = await t.db
      .insert(stepLinks)
      .values({ stepId: 900_001, url: 'https://shop.example.jp/step', token: 'steplinkA0000000' })
      .returning();
    await t.db
      .insert(stepRecipientTokens)
      .values({ token: 'stepfriendA00000', stepId: 900_001, friendId: yui.friendId });
    const response = await t.api('GET', `/r/${link!.token}.stepfriendA00000`);
    expect(response.statusCode, response.body).toBe(302);
    expect(await t.db.select().from(stepClicks).where(eq(stepClicks.friendId, yui.friendId))).toHaveLength(1);

    expect(await names({ clickedWithinDays: 30 })).toEqual([...before, '高橋 結衣'].sort());
    expect(await audienceCount({ clickedWithinDays: 30 })).toBe(before.length + 1);
    // 40 days ago, it is out of the window again
    await t.db
      .update(stepClicks)
      .set({ clickedAt: new Date(t.clock.now().getTime() - 40 * 24 * 60 * 60 * 1000) })
      .where(eq(stepClicks.friendId, yui.friendId));
    expect(await names({ clickedWithinDays: 30 })).toEqual(before);
    expect(await names({ clickedWithinDays: 41 })).toContain('高橋 結衣');
    // the other account's search never finds her
    const theirs = await search({ clickedWithinDays: 41 }, b.staff.cookie, other.accountId);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json<{ data: { displayName: string }[] }>().data.map((f) => f.displayName)).not.toContain(
      '高橋 結衣',
    );
  });
});

describe('tap conditions (タップした: a rich menu area within N days)', () => {
  type SimMenu = { name: string; areas: { action: { type: string; data?: string } }[] };
  const menuOf = async (accountId: number, cookie: string, name: string) => {
    const created = await t.api('POST', `${acc(accountId)}/rich-menu`, {
      cookie,
      body: {
        richMenu: {
          name,
          size: { width: 1200, height: 405 },
          selected: true,
          chatBarText: 'メニュー',
          areas: [
            {
              bounds: { x: 0, y: 0, width: 600, height: 405 },
              action: { type: 'postback', data: 'coupon=1' },
            },
            {
              bounds: { x: 600, y: 0, width: 600, height: 405 },
              action: { type: 'postback', data: 'shop=1' },
            },
          ],
        },
        image: dataUrl(createPng(1200, 405)),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };
  const tapAs = async (person: Member, data: string) => {
    await sim.act(person.userId, 'postback', { channelId: own.channel.channelId, data });
    await settle();
  };

  it('finds friends who tapped an area lately (each area one condition), with tags, in a delivery audience', async () => {
    const menuId = await menuOf(own.accountId, a.owner.cookie, 'タップ条件');
    const atLine = (
      await sim.consoleCall<{ richMenus: SimMenu[] }>(
        'GET',
        `/_sim/channels/${own.channel.channelId}/richmenus`,
      )
    ).richMenus.find((m) => m.name === 'タップ条件')!;
    const [coupon, shop] = atLine.areas.map((area) => area.action.data!);
    await tapAs(people['佐藤 花子']!, coupon!);
    await tapAs(people['鈴木 太郎']!, coupon!);
    await tapAs(people['鈴木 太郎']!, shop!);
    await tapAs(people['流入 さくら']!, shop!);
    // さくら's tap was 40 days ago
    await t.db
      .update(richMenuTaps)
      .set({ tappedAt: new Date(t.clock.now().getTime() - 40 * 24 * 60 * 60 * 1000) })
      .where(eq(richMenuTaps.friendId, people['流入 さくら']!.friendId));
    const area = (areaIndex: number, withinDays: number) => ({ richMenuId: menuId, areaIndex, withinDays });

    expect(await names({ tappedAreas: [area(0, 30)] })).toEqual(['佐藤 花子', '鈴木 太郎']);
    expect(await names({ tappedAreas: [area(1, 30)] })).toEqual(['鈴木 太郎']);
    expect(await names({ tappedAreas: [area(1, 41)] })).toEqual(['流入 さくら', '鈴木 太郎']);
    expect(await names({ tappedAreas: [area(0, 30), area(1, 41)] })).toEqual(['鈴木 太郎']);
    expect(await names({ tappedAreas: [area(0, 30), area(1, 41)], condition: 'OR' })).toEqual([
      '佐藤 花子',
      '流入 さくら',
      '鈴木 太郎',
    ]);
    expect(await names({ tappedAreas: [area(0, 30)], hasTags: [tagId] })).toEqual(['鈴木 太郎']);
    expect(await audienceCount({ tappedAreas: [area(1, 41)] })).toBe(2);

    // another account's menu, an area the menu lacks, a bad window: 400, in the search and a saved segment
    const theirs = await menuOf(other.accountId, b.owner.cookie, '他社のメニュー');
    await expectBadRequest(
      { tappedAreas: [{ richMenuId: theirs, areaIndex: 0, withinDays: 7 }] },
      friendMessages.unknownRichMenuArea,
    );
    await expectBadRequest({ tappedAreas: [area(2, 7)] }, friendMessages.unknownRichMenuArea);
    await expectBadRequest({ tappedAreas: [area(0, 0)] }, friendMessages.tappedAreas);
    await expectBadRequest({ tappedAreas: [area(0, 366)] }, friendMessages.tappedAreas);
    await expectBadRequest({ tappedAreas: [{ richMenuId: menuId }] }, friendMessages.tappedAreas);
    const saved = await t.api('POST', `${acc()}/segments`, {
      cookie: a.manager.cookie,
      body: {
        name: '他社のメニュー',
        conditions: { tappedAreas: [{ richMenuId: theirs, areaIndex: 0, withinDays: 7 }] },
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const counted = await t.api('POST', `${acc()}/delivery-audience/count`, {
      cookie: a.staff.cookie,
      body: { audience: { type: 'SEGMENT', segmentId: saved.json<{ id: number }>().id } },
    });
    expect(counted.statusCode, counted.body).toBe(400);
    expect(counted.json().message).toBe(friendMessages.unknownRichMenuArea);
  });
});
