import { friendMessages, tagMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, friendTags } from '../../db/schema/index.ts';
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
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let accountId: number;
let otherAccountId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  const channel = await sim.createChannel({ displayName: '京都茶房' });
  accountId = (
    await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(channel) })
  ).json().id;
  const other = await sim.createChannel({ displayName: '大阪茶房' });
  otherAccountId = (
    await t.api('POST', `${C}/line-account`, { cookie: b.owner.cookie, body: connectBody(other) })
  ).json().id;
  for (const name of ['田中 一郎', '佐藤 花子', '鈴木 次郎']) {
    const user = await sim.createUser(name);
    await sim.act(user.userId, `follow/${channel.channelId}`);
    await t.app.jobs.runDue();
    ids[name] = (await t.db.select().from(friends).where(eq(friends.lineUserId, user.userId)))[0]!.id;
  }
  const outsider = await sim.createUser('山田 三郎');
  await sim.act(outsider.userId, `follow/${other.channelId}`);
  await t.app.jobs.runDue();
  ids.outsider = (await t.db.select().from(friends).where(eq(friends.lineUserId, outsider.userId)))[0]!.id;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const url = (path: string, account = accountId) => `${C}/line-account/${account}/${path}`;
const nonMembers = { includeNonMembers: true, isMemberServiceUser: false, isShiftServiceUser: false };
let vip: number;
let reservation: number;
let folderId: number;

describe('tags', () => {
  it('creates folders and tags (owners and managers); texts for bad input; 403 for staff; 404 elsewhere', async () => {
    const folder = await t.api('POST', url('tag-folders'), {
      cookie: a.owner.cookie,
      body: { name: '来店' },
    });
    expect(folder.statusCode).toBe(201);
    folderId = folder.json().id;
    const created = await t.api('POST', url('tags'), {
      cookie: a.manager.cookie,
      body: { name: ' 予約済み ', folderId },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: '予約済み', folderId, friendCount: 0 });
    reservation = created.json().id;
    vip = (await t.api('POST', url('tags'), { cookie: a.owner.cookie, body: { name: 'VIP' } })).json().id;

    const cases: [unknown, number, string][] = [
      [{ name: '' }, 400, tagMessages.nameRequired],
      [{ name: 'x'.repeat(51) }, 400, tagMessages.nameMax],
      [{ name: 'VIP' }, 409, tagMessages.nameTaken],
      [{ name: '新規', folderId: 0 }, 400, tagMessages.folderId],
      [{ name: '新規', folderId: 999999 }, 404, tagMessages.folderNotFound],
    ];
    for (const [body, status, message] of cases) {
      const response = await t.api('POST', url('tags'), { cookie: a.owner.cookie, body });
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    }
    expect(
      (await t.api('POST', url('tags'), { cookie: a.staff.cookie, body: { name: 'x' } })).statusCode,
    ).toBe(403);
    expect((await t.api('GET', url('tags'))).statusCode).toBe(401);
    // another client: neither this account's tags nor its tag ids
    expect((await t.api('GET', url('tags'), { cookie: b.owner.cookie })).statusCode).toBe(404);
    const foreign = await t.api('PUT', url(`tags/${vip}`, otherAccountId), {
      cookie: b.owner.cookie,
      body: { name: '乗っ取り' },
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, tagMessages.notFound]);

    const list = await t.api('GET', url('tags'), { cookie: a.staff.cookie });
    expect(list.json()).toMatchObject({
      folders: [{ id: folderId, name: '来店' }],
      tags: [
        { id: vip, name: 'VIP', folderId: null },
        { id: reservation, name: '予約済み', folderId },
      ],
    });
  });

  it('tags friends picked by hand (staff may); shown on the friend and counted; a repeat changes nothing', async () => {
    const body = { action: 'add', tagIds: [vip, reservation], friendIds: [ids['田中 一郎']!] };
    const added = await t.api('POST', url('friend-tags'), { cookie: a.staff.cookie, body });
    expect(added.json()).toEqual({ changed: 2 });
    expect((await t.api('POST', url('friend-tags'), { cookie: a.staff.cookie, body })).json()).toEqual({
      changed: 0,
    });
    const friend = await t.api('GET', url(`friends/${ids['田中 一郎']}`), { cookie: a.staff.cookie });
    expect(friend.json().tags).toEqual([
      { id: vip, name: 'VIP' },
      { id: reservation, name: '予約済み' },
    ]);
    const counts = (await t.api('GET', url('tags'), { cookie: a.staff.cookie })).json().tags;
    expect(counts.map((c: { friendCount: number }) => c.friendCount)).toEqual([1, 1]);

    const cases: [unknown, string][] = [
      [{ action: 'add', tagIds: [], friendIds: [1] }, tagMessages.tagIds],
      [{ action: 'tag', tagIds: [vip], friendIds: [1] }, tagMessages.action],
      [{ action: 'add', tagIds: [vip] }, tagMessages.target],
      [{ action: 'add', tagIds: [vip], friendIds: [ids.outsider] }, tagMessages.unknownFriend],
      [{ action: 'add', tagIds: [vip, 999999], friendIds: [ids['佐藤 花子']] }, tagMessages.unknownTag],
    ];
    for (const [bad, message] of cases) {
      const response = await t.api('POST', url('friend-tags'), { cookie: a.staff.cookie, body: bad });
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    // nothing changed by the refused calls
    expect(await t.db.select().from(friendTags)).toHaveLength(2);
  });

  it('finds friends who have or lack tags, also in a delivery audience; tags a whole segment at once', async () => {
    const search = (body: object) =>
      t.api('POST', `/search/api/v1/client/line-account/${accountId}/list/friends`, {
        cookie: a.staff.cookie,
        body: { ...nonMembers, ...body },
      });
    const names = async (body: object) => {
      const data = (await search(body)).json().data as { displayName: string }[];
      return data.map((f) => f.displayName).sort();
    };
    expect(await names({ hasTags: [vip] })).toEqual(['田中 一郎']);
    expect(await names({ lacksTags: [vip] })).toEqual(['佐藤 花子', '鈴木 次郎']);
    expect(await names({ hasTags: [vip], search: '佐藤', condition: 'OR' })).toEqual([
      '佐藤 花子',
      '田中 一郎',
    ]);
    const foreign = await search({ hasTags: [999999] });
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, tagMessages.unknownTag]);
    const badList = await search({ lacksTags: ['x'] });
    expect(badList.json().message).toBe(friendMessages.lacksTags);

    // a segment: every friend lacking VIP gets 予約済み, in one call
    const bulk = await t.api('POST', url('friend-tags'), {
      cookie: a.staff.cookie,
      body: { action: 'add', tagIds: [reservation], conditions: { ...nonMembers, lacksTags: [vip] } },
    });
    expect(bulk.json()).toEqual({ changed: 2 });
    expect(await names({ hasTags: [reservation] })).toEqual(['佐藤 花子', '田中 一郎', '鈴木 次郎']);

    // a saved segment with a tag condition is a delivery audience
    const segment = await t.api('POST', url('segments'), {
      cookie: a.staff.cookie,
      body: { name: 'VIP以外', conditions: { ...nonMembers, lacksTags: [vip] } },
    });
    expect(segment.statusCode).toBe(201);
    const count = await t.api('POST', url('delivery-audience/count'), {
      cookie: a.staff.cookie,
      body: { audience: { type: 'SEGMENT', segmentId: segment.json().id } },
    });
    expect(count.json()).toEqual({ count: 2 });

    const removed = await t.api('POST', url('friend-tags'), {
      cookie: a.staff.cookie,
      body: { action: 'remove', tagIds: [reservation], conditions: { ...nonMembers, search: '鈴木' } },
    });
    expect(removed.json()).toEqual({ changed: 1 });
    expect(await names({ hasTags: [reservation] })).toEqual(['佐藤 花子', '田中 一郎']);
  });

  it('moves a tag; deleting a folder keeps its tags; deleting a tag takes it off every friend', async () => {
    const moved = await t.api('PUT', url(`tags/${vip}`), {
      cookie: a.owner.cookie,
      body: { name: 'VIP会員', folderId },
    });
    expect(moved.json()).toMatchObject({ name: 'VIP会員', folderId, friendCount: 1 });
    expect(
      (await t.api('DELETE', url(`tag-folders/${folderId}`), { cookie: a.owner.cookie })).statusCode,
    ).toBe(200);
    const list = (await t.api('GET', url('tags'), { cookie: a.owner.cookie })).json();
    expect(list.folders).toEqual([]);
    expect(list.tags.every((tag: { folderId: number | null }) => tag.folderId === null)).toBe(true);
    expect((await t.api('DELETE', url(`tags/${reservation}`), { cookie: a.owner.cookie })).statusCode).toBe(
      200,
    );
    expect(await t.db.select().from(friendTags).where(eq(friendTags.tagId, reservation))).toEqual([]);
    const again = await t.api('DELETE', url(`tags/${reservation}`), { cookie: a.owner.cookie });
    expect([again.statusCode, again.json().message]).toEqual([404, tagMessages.notFound]);
  });
});
