import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { friends, jobs, lineAccounts, richMenus } from '../../db/schema/index.ts';
import { lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { createPng, dataUrl } from '../../testing/images.ts';
import { createLineTestApp, startLineSim, type LineSim, type LineTestApp } from '../../testing/line-sim.ts';
import { channelsOf } from '../line-accounts/index.ts';
import { RICH_MENU_RESEND_QUEUE, queueResend } from './rich-menu-resend.ts';
import { createMenuAtLine } from './rich-menus.service.ts';

/**
 * Menus made before the tap hop (decision 0049 addendum): the migration queues one job per account that
 * has one, and the job sends them to LINE again, so that their link areas go through the hop and their
 * postback areas carry the tap mark. Through the migration's own statement, the job runner, HTTP and the
 * LINE simulator (what LINE holds and what each user sees is the simulator's answer).
 */
const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(async () => {
  await sim.consoleCall('DELETE', '/_sim/faults');
});

/** The migration's statement, run again on this database (where menus "from before" are made below). */
const migrationStatement = fs
  .readFileSync(path.resolve(import.meta.dirname, '../../../drizzle/0045_rich_menu_hop_resend.sql'), 'utf8')
  .split('\n')
  .filter((line) => !line.startsWith('--'))
  .join('\n');

const SITE = 'https://example.com/shop?from=menu';
const menuObject = (name: string) => ({
  name,
  size: { width: 1200, height: 405 },
  selected: true,
  chatBarText: 'メニュー',
  areas: [
    {
      bounds: { x: 0, y: 0, width: 400, height: 405 },
      action: { type: 'uri' as const, label: 'サイト', uri: SITE },
    },
    {
      bounds: { x: 400, y: 0, width: 400, height: 405 },
      action: { type: 'postback' as const, data: 'coupon=1' },
    },
    {
      bounds: { x: 800, y: 0, width: 400, height: 405 },
      action: { type: 'uri' as const, uri: 'tel:0312345678' },
    },
  ],
});
type SimMenu = {
  name: string;
  areas: { action: { type: string; data?: string; uri?: string } }[];
  imageUrl: string | null;
};
const lineIdOf = (menu: SimMenu) => /\/_sim\/richmenus\/([^/]+)\/image$/.exec(menu.imageUrl ?? '')?.[1];

/**
 * An account with a LIFF (the member service) and a menu as it was before the hop: made through the API,
 * then put back at LINE as it was sent then (the owner's URL and data, no mark) and its row without a key.
 */
async function accountWithOldMenu(displayName: string, menuName: string) {
  const own = await t.accountWithService(a, 'KS-001', displayName);
  const base = `${C}/line-account/${own.accountId}`;
  const created = await t.api('POST', `${base}/rich-menu`, {
    cookie: a.owner.cookie,
    body: { richMenu: menuObject(menuName), image: dataUrl(createPng(1200, 405)) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const menu = created.json<{ id: number; richMenuId: string }>();
  const [account] = await t.db.select().from(lineAccounts).where(eq(lineAccounts.id, own.accountId));
  const channel = channelsOf({ config: t.config }, account!).messaging;
  const line = lineGatewayFor(t.config);
  const oldLineId = await createMenuAtLine(line, channel, menuObject(menuName), {
    contentType: 'image/png',
    data: createPng(1200, 405),
  });
  await line.deleteRichMenu(channel, menu.richMenuId);
  await t.db
    .update(richMenus)
    .set({ lineRichMenuId: oldLineId, tapSlug: null })
    .where(eq(richMenus.id, menu.id));
  const setDefault = await t.api('GET', `${base}/rich-menu/default`, {
    cookie: a.manager.cookie,
    query: { richMenuId: String(menu.id) },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(setDefault.statusCode, setDefault.body).toBe(200);
  const atLine = async () =>
    sim.consoleCall<{ defaultRichMenuId: string | null; richMenus: SimMenu[] }>(
      'GET',
      `/_sim/channels/${own.channel.channelId}/richmenus`,
    );
  const row = async () => (await t.db.select().from(richMenus).where(eq(richMenus.id, menu.id)))[0]!;
  return { ...own, base, menuId: menu.id, oldLineId, atLine, row };
}

const resendJobs = (lineAccountId: number) =>
  t.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.queue, RICH_MENU_RESEND_QUEUE),
        sql`${jobs.payload} ->> 'lineAccountId' = ${String(lineAccountId)}`,
      ),
    );

describe('menus made before the tap hop are sent again (decision 0049 addendum)', () => {
  it('the migration queues the account once; the job puts the menu behind the hop, keeps the default, the rule links and what the owner wrote; taps are counted and name the friend', async () => {
    const acc = await accountWithOldMenu('旧メニュー茶房', '旧メニュー');
    // a friend linked to the menu by a rule (decision 0059)
    const tag = await t.api('POST', `${acc.base}/tags`, { cookie: a.owner.cookie, body: { name: '常連' } });
    const rules = await t.api('PUT', `${acc.base}/rich-menu-rules`, {
      cookie: a.manager.cookie,
      body: { rules: [{ richMenuId: acc.menuId, tagId: tag.json().id }] },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const fan = await t.liffUser('田中 花子', { channelId: acc.channel.channelId, liffId: acc.liffId });
    const [friend] = await t.db
      .select({ id: friends.id })
      .from(friends)
      .where(eq(friends.lineUserId, fan.user.userId));
    const friendId = friend!.id;
    const tagged = await t.api('POST', `${acc.base}/friend-tags`, {
      cookie: a.owner.cookie,
      body: { action: 'add', tagIds: [tag.json().id], friendIds: [friendId] },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    await t.drain();
    const seen = () =>
      sim.consoleCall<{ richMenu: SimMenu | null; source: string | null; imageUrl: string | null }>(
        'GET',
        `/_sim/users/${fan.user.userId}/richmenu/${acc.channel.channelId}`,
      );
    expect((await seen()).source).toBe('user');
    expect((await seen()).richMenu!.areas[0]!.action.uri).toBe(SITE);

    // before: LINE holds the owner's URL and data as written (a tap of the link is not counted)
    const before = await acc.atLine();
    expect(before.defaultRichMenuId).toBe(acc.oldLineId);
    expect(before.richMenus.find((m) => m.name === '旧メニュー')!.areas.map((x) => x.action)).toMatchObject([
      { uri: SITE },
      { data: 'coupon=1' },
      { uri: 'tel:0312345678' },
    ]);
    const rowBefore = await acc.row();

    // the migration's statement queues one job for the account; run again, it queues nothing more
    await t.db.execute(sql.raw(migrationStatement));
    await t.db.execute(sql.raw(migrationStatement));
    expect(await resendJobs(acc.accountId)).toHaveLength(1);
    // the migration queues it at the database's now(), days after the test's clock
    await t.db.update(jobs).set({ runAt: t.clock.now() }).where(eq(jobs.queue, RICH_MENU_RESEND_QUEUE));
    await t.drain();
    expect((await resendJobs(acc.accountId))[0]!.status).toBe('DONE');

    // after: a new LINE menu behind the hop; the old one deleted; the default moved to it
    const row = await acc.row();
    expect(row.tapSlug).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(row.lineRichMenuId).not.toBe(acc.oldLineId);
    const after = await acc.atLine();
    expect(after.richMenus.map(lineIdOf)).toEqual([row.lineRichMenuId]);
    expect(after.defaultRichMenuId).toBe(row.lineRichMenuId);
    const sent = after.richMenus[0]!;
    expect(sent.areas.map((x) => x.action)).toMatchObject([
      { uri: `https://liff.line.me/${acc.liffId}?richMenuTap=${row.tapSlug}.0` },
      { data: `coupon=1#tap:${acc.menuId}:1` },
      { uri: 'tel:0312345678' }, // not a web page: direct, as an edit sends it
    ]);
    // the friend the rule linked sees the new menu as their own link (LINE dropped the old one's links)
    expect(await seen()).toMatchObject({
      source: 'user',
      imageUrl: expect.stringContaining(row.lineRichMenuId),
    });
    // nothing of the owner's changed: the editor shows the URL as written, the same image, the same editor
    expect({ ...row, lineRichMenuId: undefined, tapSlug: undefined }).toEqual({
      ...rowBefore,
      lineRichMenuId: undefined,
      tapSlug: undefined,
    });
    const view = await t.api('GET', `${acc.base}/rich-menu/${acc.menuId}`, { cookie: a.staff.cookie });
    expect(view.json().areas[0].action.uri).toBe(SITE);

    // the link's tap goes through the hop and names the friend; the postback's tap is counted by the webhook
    const led = await t.api('POST', `/liff/api/v1/rich-menu-tap/${row.tapSlug}.0`, {
      body: { idToken: fan.idToken },
    });
    expect(led.statusCode, led.body).toBe(200);
    expect(led.json()).toEqual({ url: SITE });
    await sim.act(fan.user.userId, 'postback', {
      channelId: acc.channel.channelId,
      data: sent.areas[1]!.action.data,
    });
    await t.drain();
    const taps = await t.api('GET', `${acc.base}/rich-menu/${acc.menuId}/taps`, { cookie: a.staff.cookie });
    expect(taps.statusCode, taps.body).toBe(200);
    expect(taps.json().areas.map((x: { taps: number; friends: number }) => [x.taps, x.friends])).toEqual([
      [1, 1],
      [1, 1],
      [0, 0],
    ]);

    // a repeat (at least once) finds nothing to do: LINE keeps the same menu
    await t.db.delete(jobs).where(eq(jobs.queue, RICH_MENU_RESEND_QUEUE));
    await queueResend(t.db, { clientId: a.client.id, lineAccountId: acc.accountId }, t.clock.now());
    await t.drain();
    expect((await acc.atLine()).richMenus.map(lineIdOf)).toEqual([row.lineRichMenuId]);
    // the migration finds no menu without a key any more
    await t.db.delete(jobs).where(eq(jobs.queue, RICH_MENU_RESEND_QUEUE));
    await t.db.execute(sql.raw(migrationStatement));
    expect(await resendJobs(acc.accountId)).toHaveLength(0);
  });

  it('LINE down: the job is tried again later and the old menu stays as it was meanwhile; an edit that came first is left alone', async () => {
    const acc = await accountWithOldMenu('旧メニュー障害店', '障害メニュー');
    await sim.fault({
      status: 500,
      count: 1,
      when: 'before',
      channelId: acc.channel.channelId,
      pathPrefix: '/v2/bot/richmenu',
    });
    await queueResend(t.db, { clientId: a.client.id, lineAccountId: acc.accountId }, t.clock.now());
    await t.drain();
    const [job] = await resendJobs(acc.accountId);
    expect(job).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await acc.row()).tapSlug).toBeNull();
    expect((await acc.atLine()).richMenus.map(lineIdOf)).toEqual([acc.oldLineId]);
    expect((await acc.atLine()).defaultRichMenuId).toBe(acc.oldLineId);
    t.clock.advance(60_000);
    await t.drain();
    expect((await resendJobs(acc.accountId))[0]!.status).toBe('DONE');
    const row = await acc.row();
    expect(row.tapSlug).not.toBeNull();
    expect((await acc.atLine()).richMenus.map(lineIdOf)).toEqual([row.lineRichMenuId]);
    expect((await acc.atLine()).defaultRichMenuId).toBe(row.lineRichMenuId);

    // another old menu, edited by the owner before its job runs: the edit gave it its key, the job does nothing
    const other = await accountWithOldMenu('旧メニュー編集店', '編集前');
    await queueResend(t.db, { clientId: a.client.id, lineAccountId: other.accountId }, t.clock.now());
    const edited = await t.api('PUT', `${other.base}/rich-menu/${other.menuId}`, {
      cookie: a.owner.cookie,
      body: { richMenu: menuObject('編集後') },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const editedRow = await other.row();
    expect(editedRow.tapSlug).not.toBeNull();
    await t.drain();
    expect(await other.row()).toEqual(editedRow);
    expect((await other.atLine()).richMenus.map(lineIdOf)).toEqual([editedRow.lineRichMenuId]);
  });

  it("a tabbed menu's tabs: each sent again, its alias moved to the new menu, the switches marked", async () => {
    const own = await t.accountWithService(a, 'KS-001', '旧タブ茶房');
    const base = `${C}/line-account/${own.accountId}`;
    const created = await t.api('POST', `${base}/rich-menu/tabbed`, {
      cookie: a.owner.cookie,
      body: {
        width: 2500,
        height: 1686,
        tabConfig: [
          {
            label: 'ご予約',
            text: '予約',
            menuAliasId: 'old-tab-reserve',
            itemRows: [{ items: [{ type: 'uri', label: '空き状況', uri: SITE }] }],
          },
          {
            label: 'お店',
            text: 'お店',
            menuAliasId: 'old-tab-shop',
            itemRows: [{ items: [{ type: 'message', label: '地図', text: '地図' }] }],
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tabs = created.json<{ data: { id: number; richMenuId: string }[] }>().data;
    // as LINE held them before the hop: each alias on a menu without marks, the rows without keys
    const [account] = await t.db.select().from(lineAccounts).where(eq(lineAccounts.id, own.accountId));
    const channel = channelsOf({ config: t.config }, account!).messaging;
    const line = lineGatewayFor(t.config);
    const oldIds: string[] = [];
    for (const tab of tabs) {
      const [row] = await t.db.select().from(richMenus).where(eq(richMenus.id, tab.id));
      const oldId = await createMenuAtLine(
        line,
        channel,
        {
          name: row!.name,
          size: { width: row!.width, height: row!.height },
          selected: row!.selected,
          chatBarText: row!.chatBarText,
          areas: row!.areas,
        },
        { contentType: 'image/png', data: row!.image },
      );
      await line.updateRichMenuAlias(channel, row!.menuAliasId!, oldId);
      await line.deleteRichMenu(channel, tab.richMenuId);
      await t.db
        .update(richMenus)
        .set({ lineRichMenuId: oldId, tapSlug: null })
        .where(eq(richMenus.id, tab.id));
      oldIds.push(oldId);
    }
    await queueResend(t.db, { clientId: a.client.id, lineAccountId: own.accountId }, t.clock.now());
    await t.drain();

    const after = await sim.consoleCall<{
      aliases: { richMenuAliasId: string; richMenuId: string }[];
      richMenus: (SimMenu & { richMenuId: string })[];
    }>('GET', `/_sim/channels/${own.channel.channelId}/richmenus`);
    const rows = await Promise.all(
      tabs.map(async (tab) => (await t.db.select().from(richMenus).where(eq(richMenus.id, tab.id)))[0]!),
    );
    expect(after.richMenus.map((m) => m.richMenuId).sort()).toEqual(rows.map((r) => r.lineRichMenuId).sort());
    expect(after.richMenus.some((m) => oldIds.includes(m.richMenuId))).toBe(false);
    expect(Object.fromEntries(after.aliases.map((x) => [x.richMenuAliasId, x.richMenuId]))).toEqual({
      'old-tab-reserve': rows[0]!.lineRichMenuId,
      'old-tab-shop': rows[1]!.lineRichMenuId,
    });
    const first = after.richMenus.find((m) => m.richMenuId === rows[0]!.lineRichMenuId)!;
    // the switch to the other tab carries the tab's own mark; the link goes through the hop
    expect(first.areas.map((x) => x.action)).toMatchObject([
      { type: 'richmenuswitch', data: expect.stringMatching(new RegExp(`#tap:${tabs[0]!.id}:0$`)) },
      { type: 'uri', uri: `https://liff.line.me/${own.liffId}?richMenuTap=${rows[0]!.tapSlug}.1` },
    ]);
    // the owner's builder still shows the group as written
    const view = await t.api('GET', `${base}/rich-menu/tabbed/${rows[0]!.tabGroupId}`, {
      cookie: a.staff.cookie,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data[0].areas[1].action.uri).toBe(SITE);
  });
});
