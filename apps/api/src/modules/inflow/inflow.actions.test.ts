import { inflowMessages, type InflowReport, type InflowRoute } from '@app/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/client.ts';
import {
  domainEvents,
  friends,
  friendTags,
  inflowRoutes,
  jobs,
  scenarioEnrolments,
} from '../../db/schema/index.ts';
import { toDomainEvent, type DomainEvent } from '../../platform/domain-events.ts';
import { plainMenuBody, plainMenuImage } from '../../testing/rich-menu-fixtures.ts';
import {
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { attributeFollow } from './inflow.attribution.ts';

/**
 * A route's actions beyond tags (decision 0038's addendum), through HTTP, the job runner and the LINE
 * simulator: the route's scenario starts for the friend it brings and its rich menu is linked to them
 * (the simulator's per-user link), once however often the attribution runs; another account's scenario or
 * menu is a 400 and nothing is saved; one deleted since is skipped.
 */
const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let liffId: string;
let otherAccountId: number;

const FRIEND_LINK_QUEUE = 'rich-menus.link-friend';
const routes = (id = accountId) => `${C}/line-account/${id}/inflow-routes`;
const slugOf = (route: InflowRoute) => new URL(route.url).searchParams.get('r')!;

async function post<T>(path: string, body: unknown, cookie = a.owner.cookie): Promise<T> {
  const response = await t.api('POST', path, { cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}
/** A scenario started by hand only (not by a follow), whose first step greets at once. */
const scenario = (lineAccountId: number, name: string, cookie = a.owner.cookie) =>
  post<{ id: number }>(
    `${C}/line-account/${lineAccountId}/scenarios`,
    {
      name,
      enabled: true,
      trigger: 'MANUAL',
      steps: [
        { delay: { amount: 0, unit: 'MINUTES' }, messages: [{ type: 'text', text: `${name}へようこそ` }] },
      ],
    },
    cookie,
  );
const menu = (lineAccountId: number, name: string, cookie = a.owner.cookie) =>
  post<{ id: number; richMenuId: string }>(
    `${C}/line-account/${lineAccountId}/rich-menu`,
    { richMenu: plainMenuBody(name), image: plainMenuImage },
    cookie,
  );
/** What the simulator shows the user: the menu's name and whether it is their own link or the default. */
const seen = async (userId: string) => {
  const found = await sim.consoleCall<{ richMenu: { name: string } | null; source: string | null }>(
    'GET',
    `/_sim/users/${userId}/richmenu/${channel.channelId}`,
  );
  return { name: found.richMenu?.name ?? null, source: found.source };
};
const textsTo = async (userId: string) =>
  (
    await sim.consoleCall<{ sent: { to: string[]; messages: { text?: string }[] }[] }>(
      'GET',
      `/_sim/channels/${channel.channelId}/sent`,
    )
  ).sent
    .filter((s) => s.to.includes(userId))
    .flatMap((s) => s.messages.map((m) => m.text));

/** A LINE user who opens the route's URL (identified by LIFF) and then adds the account. */
async function comeThrough(route: InflowRoute, name: string) {
  const visitor = await t.liffUser(name, { channelId: channel.channelId, liffId, follow: false });
  const visited = await t.api('POST', `/liff/api/v1/inflow/${slugOf(route)}/visit`, {
    body: { idToken: visitor.idToken },
  });
  expect(visited.statusCode, visited.body).toBe(200);
  await sim.act(visitor.user.userId, `follow/${channel.channelId}`);
  await t.drain();
  const [friend] = await t.db.select().from(friends).where(eq(friends.lineUserId, visitor.user.userId));
  return { userId: visitor.user.userId, friendId: friend!.id };
}
const enrolmentsOf = (friendId: number) =>
  t.db.select().from(scenarioEnrolments).where(eq(scenarioEnrolments.friendId, friendId));
const friendLinkJobs = (friendId: number) =>
  t.db
    .select()
    .from(jobs)
    .where(eq(jobs.queue, FRIEND_LINK_QUEUE))
    .then((rows) => rows.filter((j) => (j.payload as { friendId: number }).friendId === friendId));

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  const own = await t.accountWithService(a, 'KS-001', '神戸ベーカリー');
  channel = own.channel;
  accountId = own.accountId;
  liffId = own.liffId;
  otherAccountId = (await t.accountWithService(b, 'KS-001', '奈良カフェ')).accountId;
}, 120_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('a route starts a scenario and links a rich menu', () => {
  it("refuses another account's or a missing scenario or menu with 400, and saves nothing", async () => {
    const theirScenario = await scenario(otherAccountId, '他社シナリオ', b.owner.cookie);
    const theirMenu = await menu(otherAccountId, '他社メニュー', b.owner.cookie);
    const route = await post<InflowRoute>(routes(), { name: '駅前チラシ' });
    expect(route).toMatchObject({ scenarioId: null, richMenuId: null });
    const cases: [Record<string, unknown>, string][] = [
      [{ scenarioId: theirScenario.id }, inflowMessages.scenarioNotFound],
      [{ scenarioId: 999_999 }, inflowMessages.scenarioNotFound],
      [{ richMenuId: theirMenu.id }, inflowMessages.richMenuNotFound],
      [{ richMenuId: 999_999 }, inflowMessages.richMenuNotFound],
      [{ scenarioId: 'x' }, inflowMessages.scenarioId],
      [{ richMenuId: -1 }, inflowMessages.richMenuId],
    ];
    for (const [extra, message] of cases) {
      const created = await t.api('POST', routes(), {
        cookie: a.owner.cookie,
        body: { name: '不正', ...extra },
      });
      expect([created.statusCode, created.json().message], JSON.stringify(extra)).toEqual([400, message]);
      const changed = await t.api('PUT', `${routes()}/${route.id}`, {
        cookie: a.owner.cookie,
        body: { name: '変更', ...extra },
      });
      expect([changed.statusCode, changed.json().message], JSON.stringify(extra)).toEqual([400, message]);
    }
    const list = (await t.api('GET', routes(), { cookie: a.owner.cookie })).json<InflowReport>();
    expect(list.routes.map((r) => [r.name, r.scenarioId, r.richMenuId])).toEqual([
      ['駅前チラシ', null, null],
    ]);
  });

  it('a friend who comes through the route is enrolled and linked, once however often the attribution runs', async () => {
    const welcome = await scenario(accountId, '来店特典シナリオ');
    const campaign = await menu(accountId, 'キャンペーンメニュー');
    await menu(accountId, '通常メニュー');
    const route = await post<InflowRoute>(routes(), {
      name: '店頭POP',
      scenarioId: welcome.id,
      richMenuId: campaign.id,
    });
    expect(route).toMatchObject({ scenarioId: welcome.id, richMenuId: campaign.id });

    const friend = await comeThrough(route, '経路 一郎');
    const [enrolment] = await enrolmentsOf(friend.friendId);
    expect(enrolment).toMatchObject({ scenarioId: welcome.id });
    expect(await textsTo(friend.userId)).toContain('来店特典シナリオへようこそ');
    expect(await seen(friend.userId)).toEqual({ name: 'キャンペーンメニュー', source: 'user' });
    // someone who followed without the route has no menu of their own (the account has no default)
    const plain = await sim.createUser('直接 花子');
    await sim.act(plain.userId, `follow/${channel.channelId}`);
    await t.drain();
    expect(await seen(plain.userId)).toEqual({ name: null, source: null });

    // The follow's event delivered again (a second run of the attribution): nothing runs twice.
    const linkJobs = await friendLinkJobs(friend.friendId);
    expect(linkJobs.map((j) => j.status)).toEqual(['DONE']);
    const [eventRow] = await t.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.topic, 'NEW_FRIEND'))
      .orderBy(asc(domainEvents.id))
      .then((rows) => rows.filter((r) => (r.payload as { friendId: number }).friendId === friend.friendId));
    const event = toDomainEvent(eventRow!) as DomainEvent<'NEW_FRIEND'>;
    await inTransaction(t.db, (tx) =>
      attributeFollow(event, { db: tx, log: t.app.log, clock: t.clock, attempt: 2, jobId: 0 }),
    );
    await t.drain();
    expect(await friendLinkJobs(friend.friendId)).toHaveLength(1);
    expect(await enrolmentsOf(friend.friendId)).toHaveLength(1);
    expect((await textsTo(friend.userId)).filter((x) => x === '来店特典シナリオへようこそ')).toHaveLength(1);

    // An unblock through the route runs them too (decision 0038's addendum): the menu is linked again (a
    // second job, its own event); the scenario is not repeated (a friend is in a scenario once).
    await sim.act(friend.userId, `unfollow/${channel.channelId}`);
    await t.drain();
    const again = await t.api('POST', `/liff/api/v1/inflow/${slugOf(route)}/visit`, {
      body: { idToken: await sim.liffLogin(friend.userId, liffId) },
    });
    expect(again.statusCode).toBe(200);
    await sim.act(friend.userId, `follow/${channel.channelId}`);
    await t.drain();
    expect(await friendLinkJobs(friend.friendId)).toHaveLength(2);
    expect(await seen(friend.userId)).toEqual({ name: 'キャンペーンメニュー', source: 'user' });
    expect(await enrolmentsOf(friend.friendId)).toHaveLength(1);
  });

  it('a scenario or menu deleted after the route was saved is skipped; the tags still go on', async () => {
    const gone = await scenario(accountId, '終了キャンペーン');
    const goneMenu = await menu(accountId, '終了メニュー');
    const tag = await post<{ id: number }>(`${C}/line-account/${accountId}/tags`, { name: '旧チラシから' });
    const route = await post<InflowRoute>(routes(), {
      name: '旧チラシ',
      tagIds: [tag.id],
      scenarioId: gone.id,
      richMenuId: goneMenu.id,
    });
    const base = `${C}/line-account/${accountId}`;
    for (const path of [`${base}/scenarios/${gone.id}`, `${base}/rich-menu/${goneMenu.id}`]) {
      expect((await t.api('DELETE', path, { cookie: a.owner.cookie })).statusCode, path).toBe(200);
    }
    // the route still names them (no foreign key across modules)
    const [row] = await t.db
      .select()
      .from(inflowRoutes)
      .where(and(eq(inflowRoutes.id, route.id), eq(inflowRoutes.lineAccountId, accountId)));
    expect([row!.scenarioId, row!.richMenuId]).toEqual([gone.id, goneMenu.id]);

    const friend = await comeThrough(route, '旧 三郎');
    const attributed = await t.api('GET', `${base}/friends/${friend.friendId}/inflow-route`, {
      cookie: a.owner.cookie,
    });
    expect(attributed.json()).toMatchObject({ route: { id: route.id } });
    expect(await enrolmentsOf(friend.friendId)).toHaveLength(0);
    const tagged = await t.db.select().from(friendTags).where(eq(friendTags.friendId, friend.friendId));
    expect(tagged.map((r) => r.tagId)).toEqual([tag.id]);
    // the link job ran and skipped the deleted menu (done, not failed): the user has no menu of their own
    expect((await friendLinkJobs(friend.friendId)).map((j) => j.status)).toEqual(['DONE']);
    expect(await seen(friend.userId)).toEqual({ name: null, source: null });
  });
  it("a display rule that finds the friend wins over the route's menu (decision 0059); others get the route's", async () => {
    const vip = await post<{ id: number }>(`${C}/line-account/${accountId}/tags`, { name: 'VIP経路' });
    const vipMenu = await menu(accountId, 'VIPメニュー');
    const routeMenu = await menu(accountId, '経路メニュー');
    const saved = await t.api('PUT', `${C}/line-account/${accountId}/rich-menu-rules`, {
      cookie: a.owner.cookie,
      body: { rules: [{ richMenuId: vipMenu.id, tagId: vip.id }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.drain();
    const vipRoute = await post<InflowRoute>(routes(), {
      name: 'VIP招待',
      tagIds: [vip.id],
      richMenuId: routeMenu.id,
    });
    const plainRoute = await post<InflowRoute>(routes(), { name: '一般招待', richMenuId: routeMenu.id });
    const tagged = await comeThrough(vipRoute, 'VIP 四郎');
    expect(await seen(tagged.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    const [linkJob] = await friendLinkJobs(tagged.friendId);
    expect(linkJob!.status).toBe('DONE');
    // whichever runs last: the route's link run again after the rule's run still leaves the rule's menu
    await t.db
      .update(jobs)
      .set({ status: 'PENDING', runAt: t.clock.now(), lockedUntil: null })
      .where(eq(jobs.id, linkJob!.id));
    await t.drain();
    expect((await friendLinkJobs(tagged.friendId)).map((j) => j.status)).toEqual(['DONE']);
    expect(await seen(tagged.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    const untagged = await comeThrough(plainRoute, '一般 五郎');
    expect(await seen(untagged.userId)).toEqual({ name: '経路メニュー', source: 'user' });
  });
});
