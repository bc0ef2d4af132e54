import { groupChatMessages, inboxMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatGroupMessages, chatGroups, conversations, friends, messages } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';

const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let cookie: string;

type SimGroup = { groupId: string; kind: string; name: string };
type Sent = { kind: string; to: string[]; retryKey: string | null; messages: { text?: string }[] };

const settle = async () => {
  for (let i = 0; i < 3; i += 1) await t.app.jobs.runDue();
};
const groupsUrl = (path = '') => `${C}/line-account/${accountId}/inbox-groups${path}`;
const createGroup = async (body: Record<string, unknown>) => {
  const { group } = await sim.consoleCall<{ group: SimGroup }>(
    'POST',
    `/_sim/channels/${channel.channelId}/groups`,
    body,
  );
  await settle();
  return group;
};
const sayInGroup = async (groupId: string, userId: string, text: string) => {
  await sim.consoleCall('POST', `/_sim/groups/${groupId}/members/${userId}/messages`, { text });
  await settle();
};
const listGroups = async () =>
  (await t.api('GET', groupsUrl(), { cookie })).json().data as {
    id: number;
    kind: string;
    name: string;
    unreadCount: number;
    lastMessagePreview: string;
    memberCount: number;
    leftAt: string | null;
  }[];

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  channel = await sim.createChannel({ displayName: '京都茶房' });
  accountId = (
    await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(channel) })
  ).json().id;
  // the simulator's events carry the real time: the tests' clock joins it (reply tokens are fresh)
  t.clock.set(new Date());
  cookie = await t.login(a.staff.user.email);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('groups and rooms in the チャット inbox', () => {
  let tanaka: { userId: string };
  let suzuki: { userId: string };
  let group: SimGroup;
  let groupId: number;

  it('join: the group is its own conversation, named by LINE’s group summary', async () => {
    tanaka = await sim.createUser('田中 一郎');
    suzuki = await sim.createUser('鈴木 次郎');
    await sim.act(tanaka.userId, `follow/${channel.channelId}`);
    await settle();
    group = await createGroup({ name: '町内会', members: [tanaka.userId, suzuki.userId] });
    const list = await listGroups();
    expect(list).toEqual([
      expect.objectContaining({ kind: 'group', name: '町内会', unreadCount: 0, leftAt: null }),
    ]);
    groupId = list[0]!.id;
    const detail = (await t.api('GET', groupsUrl(`/${groupId}`), { cookie })).json();
    expect(detail).toMatchObject({ name: '町内会', joinedAt: expect.any(String), members: [] });
  });

  it('message: lands in the group with its sender’s name, not in a private chat; a member who is not a friend stays none', async () => {
    await sayInGroup(group.groupId, suzuki.userId, '来週の集まりは何時ですか');
    await sayInGroup(group.groupId, tanaka.userId, '10時です');
    const [row] = await listGroups();
    expect(row).toMatchObject({ unreadCount: 2, lastMessagePreview: '10時です', memberCount: 2 });
    const history = (await t.api('GET', groupsUrl(`/${groupId}/messages`), { cookie })).json().data;
    expect(history).toMatchObject([
      {
        contents: '10時です',
        source: 'user',
        sender: { lineUserId: tanaka.userId, displayName: '田中 一郎' },
      },
      { contents: '来週の集まりは何時ですか', sender: { displayName: '鈴木 次郎' } },
    ]);
    // no friend made of suzuki, no one-to-one message or conversation for either
    expect(await t.db.select().from(friends).where(eq(friends.lineUserId, suzuki.userId))).toEqual([]);
    const [tanakaFriend] = await t.db.select().from(friends).where(eq(friends.lineUserId, tanaka.userId));
    expect(await t.db.select().from(messages).where(eq(messages.friendId, tanakaFriend!.id))).toEqual([]);
    expect(
      await t.db.select().from(conversations).where(eq(conversations.friendId, tanakaFriend!.id)),
    ).toEqual([]);
    // the members: both, tanaka known as a friend of the account
    const detail = (await t.api('GET', groupsUrl(`/${groupId}`), { cookie })).json();
    expect(detail.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          lineUserId: tanaka.userId,
          displayName: '田中 一郎',
          friendId: tanakaFriend!.id,
        }),
        expect.objectContaining({ lineUserId: suzuki.userId, displayName: '鈴木 次郎', friendId: null }),
      ]),
    );
    // opening it: nothing unread
    const read = await t.api('POST', groupsUrl(`/${groupId}/read`), { cookie });
    expect(read.json()).toMatchObject({ unreadCount: 0 });
  });

  it('memberJoined and memberLeft: the members list says who came (named by LINE) and who left', async () => {
    const sato = await sim.createUser('佐藤 花子');
    await sim.consoleCall('POST', `/_sim/groups/${group.groupId}/members/${sato.userId}`);
    await settle();
    await sim.consoleCall('DELETE', `/_sim/groups/${group.groupId}/members/${suzuki.userId}`);
    await settle();
    const detail = (await t.api('GET', groupsUrl(`/${groupId}`), { cookie })).json();
    expect(detail.memberCount).toBe(2);
    expect(detail.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ displayName: '佐藤 花子', joinedAt: expect.any(String), leftAt: null }),
        expect.objectContaining({ displayName: '鈴木 次郎', leftAt: expect.any(String) }),
      ]),
    );
  });

  it('an answer in the group replies with a member’s fresh token (free), the next one is pushed to the group', async () => {
    await sayInGroup(group.groupId, tanaka.userId, '駐車場はありますか');
    const first = await t.api('POST', groupsUrl(`/${groupId}/messages`), {
      cookie,
      body: { text: '3台分あります' },
    });
    expect(first.statusCode, first.body).toBe(201);
    await settle();
    // a minute on, no member's token is fresh: the answer is pushed to the group with its retry key
    t.clock.set(new Date(Date.now() + 60_000));
    const second = await t.api('POST', groupsUrl(`/${groupId}/messages`), {
      cookie,
      body: { text: 'どうぞ' },
    });
    expect(second.statusCode, second.body).toBe(201);
    await settle();
    const sent = ((await sim.sent(channel.channelId)) as Sent[]).filter((s) => s.to.includes(group.groupId));
    expect(sent.map((s) => [s.kind, s.messages[0]!.text, s.retryKey === null])).toEqual([
      ['reply', '3台分あります', true],
      ['push', 'どうぞ', false],
    ]);
    const timeline = await sim.consoleCall<{ entries: { from: string; message?: { text?: string } }[] }>(
      'GET',
      `/_sim/groups/${group.groupId}/timeline`,
    );
    expect(timeline.entries.filter((e) => e.from === 'bot').map((e) => e.message?.text)).toEqual([
      '3台分あります',
      'どうぞ',
    ]);
    const rows = await t.db.select().from(chatGroupMessages).where(eq(chatGroupMessages.source, 'system'));
    expect(rows.map((r) => r.delivery)).toEqual(['SENT', 'SENT']);
    const [row] = await listGroups();
    expect(row).toMatchObject({ lastMessagePreview: 'どうぞ' });
  });

  it('a room: its own conversation (トークルーム, no name), members named by LINE’s room member profile', async () => {
    const room = await createGroup({ kind: 'room', members: [tanaka.userId, suzuki.userId] });
    await sayInGroup(room.groupId, suzuki.userId, 'はじめまして');
    const list = await listGroups();
    const found = list.find((g) => g.kind === 'room')!;
    expect(found).toMatchObject({ name: '', unreadCount: 1, lastMessagePreview: 'はじめまして' });
    const history = (await t.api('GET', groupsUrl(`/${found.id}/messages`), { cookie })).json().data;
    expect(history).toMatchObject([{ sender: { displayName: '鈴木 次郎' } }]);
    // rooms: memberJoined, memberLeft and leave as in groups
    const kato = await sim.createUser('加藤 三郎');
    await sim.consoleCall('POST', `/_sim/groups/${room.groupId}/members/${kato.userId}`);
    await settle(); // (after the account left, LINE gives no member's profile)
    await sim.consoleCall('DELETE', `/_sim/groups/${room.groupId}/members/${suzuki.userId}`);
    await sim.consoleCall('POST', `/_sim/groups/${room.groupId}/leave`);
    await settle();
    const detail = (await t.api('GET', groupsUrl(`/${found.id}`), { cookie })).json();
    // known members: suzuki (wrote, then left) and kato (joined); tanaka never wrote in the room
    expect(detail).toMatchObject({ kind: 'room', leftAt: expect.any(String), memberCount: 1 });
    expect(detail.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ displayName: '加藤 三郎', leftAt: null }),
        expect.objectContaining({ displayName: '鈴木 次郎', leftAt: expect.any(String) }),
      ]),
    );
  });

  it('the 要対応 / 未読 filters and the menu’s unread total count groups and rooms', async () => {
    const all = await listGroups();
    const room = all.find((g) => g.kind === 'room')!;
    const town = all.find((g) => g.kind === 'group')!;
    expect(room.unreadCount).toBe(1);
    const ids = async (filter: string) =>
      ((await t.api('GET', groupsUrl(), { cookie, query: { filter } })).json().data as { id: number }[]).map(
        (g) => g.id,
      );
    expect(await ids('unread')).toEqual(all.filter((g) => g.unreadCount > 0).map((g) => g.id));
    expect(await ids('unread')).toContain(room.id);
    expect(await ids('needsReply')).toEqual(expect.arrayContaining([room.id, town.id]));

    // 対応済み (STAFF may): out of 要対応, still in すべて; a status not offered is a 400 that changes nothing
    const done = await t.api('PATCH', groupsUrl(`/${room.id}`), { cookie, body: { status: 'DONE' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'DONE' });
    expect(await ids('needsReply')).not.toContain(room.id);
    expect(await ids('all')).toContain(room.id);
    const bad = await t.api('PATCH', groupsUrl(`/${room.id}`), { cookie, body: { status: 'LATER' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.api('GET', groupsUrl(`/${room.id}`), { cookie })).json().status).toBe('DONE');
    const bad2 = await t.api('GET', groupsUrl(), { cookie, query: { filter: 'someday' } });
    expect(bad2.statusCode).toBe(400);

    // the menu's badge: friends' and groups' unread together, per account too
    const total = async (query: Record<string, string> = {}) =>
      (await t.api('GET', `${C}/inbox-unread`, { cookie, query })).json<{
        unread: number;
        friends: number;
        groups: number;
      }>();
    const groupsUnread = all.reduce((n, g) => n + g.unreadCount, 0);
    expect(await total()).toEqual({ unread: groupsUnread, friends: 0, groups: groupsUnread });
    expect(await total({ lineAccountId: String(accountId) })).toMatchObject({ groups: groupsUnread });
    await t.api('POST', groupsUrl(`/${room.id}/read`), { cookie });
    expect((await total()).groups).toBe(groupsUnread - 1);
    expect(await ids('unread')).not.toContain(room.id);
    // another client's badge counts none of them
    const other = await t.login(b.owner.user.email);
    expect((await t.api('GET', `${C}/inbox-unread`, { cookie: other })).json()).toEqual({
      unread: 0,
      friends: 0,
      groups: 0,
    });
  });

  it('担当: a group is assigned to a user of the client, listed under 自分の担当 and unassigned again', async () => {
    const all = await listGroups();
    const room = all.find((g) => g.kind === 'room')!;
    const town = all.find((g) => g.id === groupId)!;
    expect(all.every((g) => 'assigneeUserId' in g)).toBe(true);
    const ids = async (filter: string, as = cookie) =>
      (
        (await t.api('GET', groupsUrl(), { cookie: as, query: { filter } })).json().data as { id: number }[]
      ).map((g) => g.id);
    expect(await ids('mine')).toEqual([]);

    // STAFF may assign, themselves or another user of the client; the status is left as it was
    const before = (await t.api('GET', groupsUrl(`/${town.id}`), { cookie })).json().status;
    const assigned = await t.api('PATCH', groupsUrl(`/${town.id}`), {
      cookie,
      body: { assigneeUserId: a.staff.user.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ assigneeUserId: a.staff.user.id, status: before });
    expect(assigned.json().assigneeName).toEqual(expect.any(String));
    expect(assigned.json().assigneeName).not.toBe('');
    const listed = (await t.api('GET', groupsUrl(), { cookie })).json().data as {
      id: number;
      assigneeUserId: number | null;
      assigneeName: string | null;
    }[];
    expect(listed.find((g) => g.id === town.id)).toMatchObject({
      assigneeUserId: a.staff.user.id,
      assigneeName: assigned.json().assigneeName,
    });
    expect(listed.find((g) => g.id === room.id)).toMatchObject({ assigneeUserId: null, assigneeName: null });
    expect(await ids('mine')).toEqual([town.id]);
    const owner = await t.login(a.owner.user.email);
    expect(await ids('mine', owner)).toEqual([]);

    // status and assignee together, to the owner: now the owner's, no longer the staff's
    const both = await t.api('PATCH', groupsUrl(`/${town.id}`), {
      cookie,
      body: { status: 'DONE', assigneeUserId: a.owner.user.id },
    });
    expect(both.json()).toMatchObject({ status: 'DONE', assigneeUserId: a.owner.user.id });
    expect(await ids('mine')).toEqual([]);
    expect(await ids('mine', owner)).toEqual([town.id]);

    // a user of another client cannot be assigned; an empty body is a 400; neither changes anything
    const foreign = await t.api('PATCH', groupsUrl(`/${town.id}`), {
      cookie,
      body: { assigneeUserId: b.owner.user.id },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(inboxMessages.assignee);
    const empty = await t.api('PATCH', groupsUrl(`/${town.id}`), { cookie, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(inboxMessages.nothingToChange);
    const [row] = await t.db.select().from(chatGroups).where(eq(chatGroups.id, town.id));
    expect(row).toMatchObject({ status: 'DONE', assigneeUserId: a.owner.user.id });

    // a member's new message makes it 要対応 again and keeps its assignee
    await sayInGroup(group.groupId, tanaka.userId, '担当の方へ');
    expect((await t.api('GET', groupsUrl(`/${town.id}`), { cookie })).json()).toMatchObject({
      status: 'NEEDS_REPLY',
      assigneeUserId: a.owner.user.id,
    });

    // nobody (null): out of 自分の担当
    const nobody = await t.api('PATCH', groupsUrl(`/${town.id}`), { cookie, body: { assigneeUserId: null } });
    expect(nobody.json()).toMatchObject({ assigneeUserId: null, assigneeName: null, status: 'NEEDS_REPLY' });
    expect(await ids('mine', owner)).toEqual([]);
  });

  it('leave: the account is out; an answer is refused with a clear 422 and nothing is stored', async () => {
    await sim.consoleCall('POST', `/_sim/groups/${group.groupId}/leave`);
    await settle();
    const detail = (await t.api('GET', groupsUrl(`/${groupId}`), { cookie })).json();
    expect(detail.leftAt).toEqual(expect.any(String));
    const before = (await t.db.select().from(chatGroupMessages)).length;
    const refused = await t.api('POST', groupsUrl(`/${groupId}/messages`), {
      cookie,
      body: { text: 'まだいますか' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(groupChatMessages.left);
    expect(await t.db.select().from(chatGroupMessages)).toHaveLength(before);
  });

  it('another client’s users get a 404 and learn nothing', async () => {
    const other = await t.login(b.owner.user.email);
    for (const [method, url] of [
      ['GET', groupsUrl(`/${groupId}`)],
      ['GET', groupsUrl(`/${groupId}/messages`)],
      ['POST', groupsUrl(`/${groupId}/read`)],
    ] as const) {
      const response = await t.api(method, url, { cookie: other });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('町内会');
    }
    for (const body of [{ status: 'DONE' }, { assigneeUserId: b.owner.user.id }]) {
      const patched = await t.api('PATCH', groupsUrl(`/${groupId}`), { cookie: other, body });
      expect(patched.statusCode).toBe(404);
    }
    const [row] = await t.db.select().from(chatGroups).where(eq(chatGroups.id, groupId));
    expect(row!.assigneeUserId).not.toBe(b.owner.user.id);
  });
});
