import { richMenuRuleMessages, type RichMenuRules } from '@app/contracts';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/client.ts';
import { domainEvents, friends, jobs, richMenuLinkLeases } from '../../db/schema/index.ts';
import { eventQueueOf } from '../../platform/events.ts';
import { plainMenuBody as menuBody, plainMenuImage as png } from '../../testing/rich-menu-fixtures.ts';
import {
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';
import { pendingFriendsQuery, settleFriendsStatement } from './rich-menu-rules.repository.ts';

/**
 * The rich menu per tag or saved segment (issue 28, decision 0059), through HTTP, the job runner and the
 * LINE simulator: what each simulated user sees is the simulator's answer (its user page's rich menu).
 */
const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(async () => {
  await sim.consoleCall('DELETE', '/_sim/faults');
});

type Account = {
  channel: SimChannel;
  id: number;
  base: string;
  menu: (name: string) => Promise<{ id: number; richMenuId: string }>;
  tag: (name: string) => Promise<number>;
  segment: (name: string, search: string) => Promise<number>;
  follower: (name: string) => Promise<{ userId: string; friendId: number }>;
  tagFriends: (action: 'add' | 'remove', tagId: number, friendIds: number[]) => Promise<void>;
  putRules: (rules: unknown[], cookie?: string) => ReturnType<LineTestApp['api']>;
  /** The menu the simulator shows this user, and whether it is their own link or the default. */
  seen: (userId: string) => Promise<{ name: string | null; source: 'user' | 'default' | null }>;
};

async function newAccount(who: typeof a, name: string): Promise<Account> {
  const { channel, accountId: id } = await t.connectedAccount(who, name);
  const base = `${C}/line-account/${id}`;
  const post = async (path: string, body: unknown) => {
    const response = await t.api('POST', `${base}/${path}`, { cookie: who.owner.cookie, body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; richMenuId: string }>();
  };
  return {
    channel,
    id,
    base,
    menu: (menuName) => post('rich-menu', { richMenu: menuBody(menuName), image: png }),
    tag: async (tagName) => (await post('tags', { name: tagName })).id,
    segment: async (segmentName, search) =>
      (
        await post('segments', {
          name: segmentName,
          conditions: {
            includeNonMembers: true,
            isMemberServiceUser: false,
            isShiftServiceUser: false,
            search,
          },
        })
      ).id,
    follower: async (displayName) => {
      const user = await sim.createUser(displayName);
      await sim.act(user.userId, `follow/${channel.channelId}`);
      await t.drain();
      const [row] = await t.db
        .select({ id: friends.id })
        .from(friends)
        .where(and(eq(friends.lineAccountId, id), eq(friends.lineUserId, user.userId)));
      expect(row).toBeDefined();
      return { userId: user.userId, friendId: row!.id };
    },
    tagFriends: async (action, tagId, friendIds) => {
      const response = await t.api('POST', `${base}/friend-tags`, {
        cookie: who.owner.cookie,
        body: { action, tagIds: [tagId], friendIds },
      });
      expect(response.statusCode, response.body).toBe(200);
      await t.drain();
    },
    putRules: (rules, cookie = who.manager.cookie) =>
      t.api('PUT', `${base}/rich-menu-rules`, { cookie, body: { rules } }),
    seen: async (userId) => {
      const found = await sim.consoleCall<{
        richMenu: { name: string } | null;
        source: 'user' | 'default' | null;
      }>('GET', `/_sim/users/${userId}/richmenu/${channel.channelId}`);
      return { name: found.richMenu?.name ?? null, source: found.source };
    },
  };
}

describe('a rich menu per tag (decision 0059)', () => {
  it('a friend who gains the tag is linked to its menu at LINE, one who loses it sees the default again (FRIEND_TAG_REMOVED)', async () => {
    const acc = await newAccount(a, '梅田タグ店');
    const basic = await acc.menu('基本メニュー');
    const vipMenu = await acc.menu('VIPメニュー');
    const setDefault = await t.api('GET', `${acc.base}/rich-menu/default`, {
      cookie: a.manager.cookie,
      query: { richMenuId: String(basic.id) },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(setDefault.statusCode, setDefault.body).toBe(200);
    const vip = await acc.tag('VIP');
    const taro = await acc.follower('山田 太郎');
    const hanako = await acc.follower('佐藤 花子');

    const saved = await acc.putRules([{ richMenuId: vipMenu.id, tagId: vip }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<RichMenuRules>().data).toEqual([
      { id: expect.any(Number), position: 0, richMenuId: vipMenu.id, tagId: vip, segmentId: null },
    ]);
    await t.drain();
    expect(await acc.seen(taro.userId)).toEqual({ name: '基本メニュー', source: 'default' });

    await acc.tagFriends('add', vip, [taro.friendId]);
    expect(await acc.seen(taro.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    expect(await acc.seen(hanako.userId)).toEqual({ name: '基本メニュー', source: 'default' });
    const figures = (
      await t.api('GET', `${acc.base}/rich-menu-rules`, { cookie: a.staff.cookie })
    ).json<RichMenuRules>();
    expect(figures).toMatchObject({ pending: 0, linked: [{ richMenuId: vipMenu.id, friends: 1 }] });

    await acc.tagFriends('remove', vip, [taro.friendId]);
    expect(await acc.seen(taro.userId)).toEqual({ name: '基本メニュー', source: 'default' });
    const removed = await t.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(eq(domainEvents.topic, 'FRIEND_TAG_REMOVED'), eq(domainEvents.lineAccountId, acc.id)));
    expect(removed.map((e) => e.payload)).toEqual([{ tagId: vip, friendIds: [taro.friendId] }]);

    // A friend who already carries the tag when the rules are saved is linked by the save.
    await acc.putRules([]);
    await acc.tagFriends('add', vip, [hanako.friendId]);
    expect(await acc.seen(hanako.userId)).toEqual({ name: '基本メニュー', source: 'default' });
    await acc.putRules([{ richMenuId: vipMenu.id, tagId: vip }]);
    await t.drain();
    expect(await acc.seen(hanako.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });

    // An edit of the menu makes a new one at LINE: the friends of the rule are linked to it.
    const edited = await t.api('PUT', `${acc.base}/rich-menu/${vipMenu.id}`, {
      cookie: a.manager.cookie,
      body: { richMenu: menuBody('VIPメニュー改'), image: png },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.drain();
    expect(await acc.seen(hanako.userId)).toEqual({ name: 'VIPメニュー改', source: 'user' });

    // A tag a rule names is not deleted (decision 0053).
    const refused = await t.api('DELETE', `${acc.base}/tags/${vip}`, { cookie: a.owner.cookie });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors).toEqual([{ path: 'richMenuRule', message: '1. VIPメニュー改' }]);
  });

  it('rules in priority order: a saved segment before a tag; reordered, the friends are linked again', async () => {
    const acc = await newAccount(a, '難波セグメント店');
    const hanakoMenu = await acc.menu('花子さんメニュー');
    const vipMenu = await acc.menu('VIPメニュー');
    const vip = await acc.tag('VIP');
    const hanakoSegment = await acc.segment('花子さん', '花子');
    const taro = await acc.follower('山田 太郎');
    const hanako = await acc.follower('佐藤 花子');
    const jiro = await acc.follower('鈴木 次郎');
    await acc.tagFriends('add', vip, [taro.friendId, hanako.friendId]);

    const first = await acc.putRules([
      { richMenuId: hanakoMenu.id, segmentId: hanakoSegment },
      { richMenuId: vipMenu.id, tagId: vip },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<RichMenuRules>().pending).toBe(0); // the save's mark-all runs as a job
    await t.drain();
    expect(await acc.seen(hanako.userId)).toEqual({ name: '花子さんメニュー', source: 'user' });
    expect(await acc.seen(taro.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    expect(await acc.seen(jiro.userId)).toEqual({ name: null, source: null });

    await acc.putRules([
      { richMenuId: vipMenu.id, tagId: vip },
      { richMenuId: hanakoMenu.id, segmentId: hanakoSegment },
    ]);
    await t.drain();
    expect(await acc.seen(hanako.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    expect(await acc.seen(taro.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });

    // A segment a rule names is not deleted.
    const refused = await t.api('DELETE', `${acc.base}/segments/${hanakoSegment}`, {
      cookie: a.owner.cookie,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors).toEqual([{ path: 'richMenuRule', message: '2. 花子さんメニュー' }]);

    // No rule left: every menu the rules linked is unlinked (bulk unlink).
    await acc.putRules([]);
    await t.drain();
    for (const who of [taro, hanako, jiro])
      expect(await acc.seen(who.userId)).toEqual({ name: null, source: null });
  });

  it("LINE's 429 hands the link over to a later run; LINE down is retried; nothing is lost", async () => {
    const acc = await newAccount(a, '京都レート店');
    const vipMenu = await acc.menu('VIPメニュー');
    const vip = await acc.tag('VIP');
    const taro = await acc.follower('山田 太郎');
    await acc.putRules([{ richMenuId: vipMenu.id, tagId: vip }]);
    await t.drain();
    await sim.fault({
      status: 429,
      count: 1,
      when: 'before',
      channelId: acc.channel.channelId,
      pathPrefix: '/v2/bot/richmenu/bulk',
    });
    await acc.tagFriends('add', vip, [taro.friendId]);
    expect(await acc.seen(taro.userId)).toEqual({ name: null, source: null });
    expect(
      (await t.api('GET', `${acc.base}/rich-menu-rules`, { cookie: a.staff.cookie })).json<RichMenuRules>()
        .pending,
    ).toBe(1);
    t.clock.advance(1_000);
    await t.drain();
    expect(await acc.seen(taro.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });

    await sim.fault({
      status: 500,
      count: 1,
      when: 'before',
      channelId: acc.channel.channelId,
      pathPrefix: '/v2/bot/richmenu/bulk',
    });
    await acc.tagFriends('remove', vip, [taro.friendId]);
    expect(await acc.seen(taro.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    t.clock.advance(60_000);
    await t.drain();
    expect(await acc.seen(taro.userId)).toEqual({ name: null, source: null });
    expect(
      (await t.api('GET', `${acc.base}/rich-menu-rules`, { cookie: a.staff.cookie })).json<RichMenuRules>(),
    ).toMatchObject({ pending: 0, linked: [] });
  });
});

describe('a friend who blocked (decision 0059, addendum 2)', () => {
  it('is not linked while blocked, and sees the menu of the rules as they are then on following again', async () => {
    const acc = await newAccount(a, '奈良ブロック店');
    const vipMenu = await acc.menu('VIPメニュー');
    const vip = await acc.tag('VIP');
    const taro = await acc.follower('山田 太郎');
    const hanako = await acc.follower('佐藤 花子');
    await acc.putRules([{ richMenuId: vipMenu.id, tagId: vip }]);
    await acc.tagFriends('add', vip, [hanako.friendId]);
    expect(await acc.seen(hanako.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });

    // Both block; the owner tags taro and untags hanako meanwhile: nothing is sent to LINE for them.
    await sim.act(taro.userId, `unfollow/${acc.channel.channelId}`);
    await sim.act(hanako.userId, `unfollow/${acc.channel.channelId}`);
    await t.drain();
    await acc.tagFriends('add', vip, [taro.friendId]);
    await acc.tagFriends('remove', vip, [hanako.friendId]);
    expect(await acc.seen(taro.userId)).toEqual({ name: null, source: null });
    expect(await acc.seen(hanako.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    expect(
      (await t.api('GET', `${acc.base}/rich-menu-rules`, { cookie: a.staff.cookie })).json<RichMenuRules>()
        .pending,
    ).toBe(0);

    // They follow again (an unblock): the rules are evaluated for them as they are now.
    await sim.act(taro.userId, `follow/${acc.channel.channelId}`);
    await sim.act(hanako.userId, `follow/${acc.channel.channelId}`);
    await t.drain();
    expect(await acc.seen(taro.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    expect(await acc.seen(hanako.userId)).toEqual({ name: null, source: null });
  });
});

describe('one link run of an account at a time (decision 0059, addendum)', () => {
  it('runs that find another run of the account at work leave one run waiting for it, however many and however long; the friends are linked once the lease is free', async () => {
    const acc = await newAccount(a, '福岡リース店');
    const vipMenu = await acc.menu('VIPメニュー');
    const vip = await acc.tag('VIP');
    const taro = await acc.follower('山田 太郎');
    const hanako = await acc.follower('佐藤 花子');
    const jiro = await acc.follower('鈴木 次郎');
    await acc.putRules([{ richMenuId: vipMenu.id, tagId: vip }]);
    await t.drain();

    // Another process's run of the account is mid-way through its calls: it holds the lease for a minute.
    await t.db.insert(richMenuLinkLeases).values({
      lineAccountId: acc.id,
      jobId: 2_000_000_000,
      lockedUntil: new Date(t.clock.now().getTime() + 60_000),
    });
    const linkJobs = () =>
      t.db
        .select({ status: jobs.status, dedupeKey: jobs.dedupeKey })
        .from(jobs)
        .where(
          and(eq(jobs.queue, 'rich-menus.link'), sql`${jobs.payload}->>'lineAccountId' = ${String(acc.id)}`),
        );
    const waiting = async () => (await linkJobs()).filter((j) => j.status === 'PENDING');
    const before = (await linkJobs()).length;
    // three tag events, three link runs: each finds the lease held
    await acc.tagFriends('add', vip, [taro.friendId]);
    await acc.tagFriends('add', vip, [hanako.friendId]);
    await acc.tagFriends('add', vip, [jiro.friendId]);
    expect(await acc.seen(taro.userId)).toEqual({ name: null, source: null }); // nothing linked at LINE
    expect(await waiting()).toEqual([
      { status: 'PENDING', dedupeKey: `rich-menus.link:${acc.id}:after-lease` },
    ]);
    // Still held, second after second: the waiting run waits again, alone, and links nothing.
    for (let second = 0; second < 5; second++) {
      t.clock.advance(1_000);
      await t.drain();
      expect(await waiting()).toEqual([
        { status: 'PENDING', dedupeKey: `rich-menus.link:${acc.id}:after-lease` },
      ]);
    }
    expect(await acc.seen(hanako.userId)).toEqual({ name: null, source: null });
    // the three event runs and one waiting run a second, not three
    expect((await linkJobs()).length - before).toBe(3 + 1 + 5);

    // The other run's lease runs out (it crashed): the next run takes it and links both friends.
    t.clock.advance(60_000);
    await t.drain();
    expect(await acc.seen(taro.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    expect(await acc.seen(hanako.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    expect(await acc.seen(jiro.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    expect(await waiting()).toEqual([]);
    expect(
      await t.db.select().from(richMenuLinkLeases).where(eq(richMenuLinkLeases.lineAccountId, acc.id)),
    ).toEqual([]);
  });
});

describe('the subscriber takes only the events the rules concern (decision 0062)', () => {
  /** The rich-menus delivery jobs made for the account's last `n` tag events, oldest first. */
  const deliveriesOfLastTagEvents = async (lineAccountId: number, n: number) => {
    const events = await t.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.lineAccountId, lineAccountId),
          inArray(domainEvents.topic, ['FRIEND_TAGGED', 'FRIEND_TAG_REMOVED']),
        ),
      )
      .orderBy(desc(domainEvents.id))
      .limit(n);
    expect(events).toHaveLength(n);
    const queue = eventQueueOf('rich-menus');
    const keys = events.map((e) => `${queue}:${e.id}`).reverse();
    const made = await t.db
      .select({ dedupeKey: jobs.dedupeKey, status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(inArray(jobs.dedupeKey, keys));
    return keys.map((key) => made.filter((j) => j.dedupeKey === key).map((j) => [j.status, j.attempts]));
  };

  it('no job for a tag of an account without rules or a tag no rule names; a tag a rule names is handled once', async () => {
    const none = await newAccount(a, '札幌ルールなし店');
    const keyword = await none.tag('予約済み');
    const guest = await none.follower('高橋 一郎');
    await none.tagFriends('add', keyword, [guest.friendId]);
    await none.tagFriends('remove', keyword, [guest.friendId]);
    expect(await deliveriesOfLastTagEvents(none.id, 2)).toEqual([[], []]);

    const acc = await newAccount(a, '仙台ルール店');
    const vipMenu = await acc.menu('VIPメニュー');
    const vip = await acc.tag('VIP');
    const other = await acc.tag('予約済み');
    const taro = await acc.follower('山田 太郎');
    await acc.putRules([{ richMenuId: vipMenu.id, tagId: vip }]);
    await t.drain();
    await acc.tagFriends('add', other, [taro.friendId]);
    await acc.tagFriends('add', vip, [taro.friendId]);
    expect(await deliveriesOfLastTagEvents(acc.id, 2)).toEqual([[], [['DONE', 1]]]);
    expect(await acc.seen(taro.userId)).toEqual({ name: 'VIPメニュー', source: 'user' });
    await t.drain();
    expect(await deliveriesOfLastTagEvents(acc.id, 2)).toEqual([[], [['DONE', 1]]]);

    // A segment rule may name any tag in its conditions: every tag event of the account is taken.
    const everyone = await acc.segment('全員', '');
    await acc.putRules([{ richMenuId: vipMenu.id, segmentId: everyone }]);
    await t.drain();
    await acc.tagFriends('remove', other, [taro.friendId]);
    expect(await deliveriesOfLastTagEvents(acc.id, 1)).toEqual([[['DONE', 1]]]);
  });
});

describe('rich menu rules: what is refused', () => {
  it('400 for a menu, tag or segment of another account, or a rule with both or neither; 403 for staff; nothing changes', async () => {
    const acc = await newAccount(a, '神戸検証店');
    const foreign = await newAccount(b, '他社店');
    const own = await acc.menu('自分のメニュー');
    const tag = await acc.tag('常連');
    const segment = await acc.segment('全員', '');
    const theirMenu = await foreign.menu('他社メニュー');
    const theirTag = await foreign.tag('他社タグ');
    const theirSegment = await foreign.segment('他社', '');
    const ok = await acc.putRules([{ richMenuId: own.id, tagId: tag }]);
    expect(ok.statusCode, ok.body).toBe(200);

    const cases: [unknown[], string][] = [
      [[{ richMenuId: theirMenu.id, tagId: tag }], richMenuRuleMessages.unknownMenu],
      [[{ richMenuId: own.id, tagId: theirTag }], richMenuRuleMessages.unknownTag],
      [[{ richMenuId: own.id, segmentId: theirSegment }], richMenuRuleMessages.unknownSegment],
      [[{ richMenuId: own.id, tagId: tag, segmentId: segment }], richMenuRuleMessages.oneCondition],
      [[{ richMenuId: own.id }], richMenuRuleMessages.oneCondition],
    ];
    for (const [rules, message] of cases) {
      const response = await acc.putRules(rules);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message);
    }
    const tooMany = await acc.putRules(
      Array.from({ length: 21 }, () => ({ richMenuId: own.id, tagId: tag })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await acc.putRules([], a.staff.cookie)).statusCode).toBe(403);
    const other = await t.api('GET', `${C}/line-account/${acc.id}/rich-menu-rules`, {
      cookie: b.owner.cookie,
    });
    expect([403, 404]).toContain(other.statusCode);

    const kept = (
      await t.api('GET', `${acc.base}/rich-menu-rules`, { cookie: a.staff.cookie })
    ).json<RichMenuRules>();
    expect(kept.data).toEqual([
      { id: expect.any(Number), position: 0, richMenuId: own.id, tagId: tag, segmentId: null },
    ]);
  });
});

describe("the link job's reads and writes stay on the rows of a round (decision 0059, addendum 2)", () => {
  /** The plan of a statement with sequential scans (and, when asked, sorts) priced out. */
  const planOf = (statement: SQL, options: { noSort?: boolean } = {}) =>
    inTransaction(t.db, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      if (options.noSort) await tx.execute(sql`set local enable_sort = off`);
      const result: unknown = await tx.execute(sql`explain ${statement}`);
      const { rows } = result as { rows: { 'QUERY PLAN': string }[] };
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it("settles a round's friends through the primary key, never the account's index", async () => {
    // Joined to a VALUES list and filtered by the account, the statement took the account's index on a
    // table not yet analysed and compared each of its 100,000 rows with each row of the list.
    const settled = [101, 102, 103].map((friendId) => ({
      friendId,
      generation: 2,
      richMenuId: null,
      lineRichMenuId: null,
      linkedAt: null,
    }));
    const plan = await planOf(settleFriendsStatement({ clientId: 1, lineAccountId: 1 }, settled));
    expect(plan).toContain('friend_rich_menus_friend_id_pk');
    expect(plan).not.toContain('friend_rich_menus_account_idx');
  });

  it('reads the pending friends from the index of pending rows, in its order: no sort of the account', async () => {
    const query = pendingFriendsQuery(t.db, { clientId: 1, lineAccountId: 1 }, 2_000).toSQL();
    const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => String(Number(query.params[Number(n) - 1])));
    const plan = await planOf(sql.raw(text), { noSort: true });
    expect(plan).toContain('friend_rich_menus_pending_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
