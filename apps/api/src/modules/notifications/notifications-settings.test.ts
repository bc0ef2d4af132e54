// The notification settings: templates and topics, and the groups of recipients (delivery is
// notifications.test.ts's).

import {
  defaultTemplates,
  notificationMessages,
  notificationTopics,
  type NotificationTopic,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  a,
  b,
  base,
  C,
  helper,
  manager,
  otherAccountId,
  otherFriendId,
  t,
  useNotificationsTestApp,
} from './notifications.test-setup.ts';

useNotificationsTestApp();

describe('notification templates', () => {
  it('lists a default Japanese template of every topic with its placeholders', async () => {
    const response = await t.api('GET', `${base()}/line-message-templates`, { cookie: a.staff.cookie });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{
      data: {
        topic: NotificationTopic;
        content: string;
        isDefault: boolean;
        placeholders: { key: string }[];
      }[];
    }>();
    expect(data.map((d) => d.topic)).toEqual([...notificationTopics]);
    for (const template of data) {
      expect(template.isDefault).toBe(true);
      expect(template.content).toBe(defaultTemplates[template.topic]);
      // every placeholder of the default is one the topic offers
      for (const [, key] of template.content.matchAll(/\{(\w+)\}/g)) {
        expect(template.placeholders.map((p) => p.key)).toContain(key);
      }
    }
  });

  it('saves a template; refuses empty content and unknown placeholders with their texts; STAFF 403; another client 404', async () => {
    const url = `${base()}/line-message-templates`;
    const saved = await t.api('PUT', url, {
      cookie: a.manager.cookie,
      body: { topic: 'SHIFT_EDITED', content: '{staffName}さんのシフト変更 {link}' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ topic: 'SHIFT_EDITED', isDefault: false, isEnable: true });
    const empty = await t.api('PUT', url, {
      cookie: a.manager.cookie,
      body: { topic: 'SHIFT_EDITED', content: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({
      path: 'body.content',
      message: notificationMessages.contentRequired,
    });
    const unknown = await t.api('PUT', url, {
      cookie: a.manager.cookie,
      body: { topic: 'NEW_FRIEND', content: '{staffName}さん' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toContainEqual({
      path: 'body.content',
      message: notificationMessages.unknownPlaceholder,
    });
    const badTopic = await t.api('PUT', url, {
      cookie: a.manager.cookie,
      body: { topic: 'NOPE', content: 'x' },
    });
    expect(badTopic.statusCode).toBe(400);
    expect(
      (await t.api('PUT', url, { cookie: a.staff.cookie, body: { topic: 'SHIFT_EDITED', content: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.api('GET', url, { cookie: b.owner.cookie })).statusCode).toBe(404);
    expect(
      (await t.api('PUT', url, { cookie: b.owner.cookie, body: { topic: 'SHIFT_EDITED', content: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.api('GET', url)).statusCode).toBe(401);
    const after = (await t.api('GET', url, { cookie: a.staff.cookie })).json().data as {
      topic: string;
      content: string;
    }[];
    expect(after.find((d) => d.topic === 'SHIFT_EDITED')?.content).toBe('{staffName}さんのシフト変更 {link}');
  });

  it('toggles a topic', async () => {
    const url = `${base()}/topics/toggle`;
    const off = await t.api('POST', url, {
      cookie: a.owner.cookie,
      body: { topic: 'SHIFT_EDITED', isEnable: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ topic: 'SHIFT_EDITED', topicEnable: false, isEnable: true });
    const on = await t.api('POST', url, {
      cookie: a.owner.cookie,
      body: { topic: 'SHIFT_EDITED', isEnable: true },
    });
    expect(on.json().topicEnable).toBe(true);
    expect(
      (await t.api('POST', url, { cookie: a.owner.cookie, body: { topic: 'SHIFT_EDITED' } })).statusCode,
    ).toBe(400);
    expect(
      (await t.api('POST', url, { cookie: b.owner.cookie, body: { topic: 'SHIFT_EDITED', isEnable: false } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('notification groups', () => {
  it('creates, lists, changes and deletes a group; texts on each field; recipients of the account only', async () => {
    const created = await t.api('POST', `${base()}/settings`, {
      cookie: a.owner.cookie,
      body: { label: '店長グループ', friendIds: [manager.friendId], topics: ['NEW_FRIEND'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({
      label: '店長グループ',
      topics: ['NEW_FRIEND'],
      friends: [
        { friendId: manager.friendId, displayName: '店長 山本', recipientType: 'MANAGER', isFriend: true },
      ],
    });
    const id = group.lineMessageSettingId as number;

    const missing = await t.api('POST', `${base()}/settings`, {
      cookie: a.owner.cookie,
      body: { label: ' ', friendIds: [], topics: [] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.label', message: notificationMessages.labelRequired },
        { path: 'body.friendIds', message: notificationMessages.recipientRequired },
        { path: 'body.topics', message: notificationMessages.topicRequired },
      ]),
    );
    const foreignFriend = await t.api('POST', `${base()}/settings`, {
      cookie: a.owner.cookie,
      body: { label: 'x', friendIds: [otherFriendId], topics: ['NEW_FRIEND'] },
    });
    expect(foreignFriend.statusCode).toBe(400);
    expect(foreignFriend.json()).toMatchObject({
      message: notificationMessages.recipientNotFound,
      errors: [{ path: 'body.friendIds', message: notificationMessages.recipientNotFound }],
    });

    const changed = await t.api('PATCH', `${base()}/settings/${id}`, {
      cookie: a.manager.cookie,
      body: { friendIds: [manager.friendId, helper.friendId], topics: ['NEW_FRIEND', 'LINE_UNBLOCK_EVENT'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().friends.map((f: { friendId: number }) => f.friendId)).toEqual([
      manager.friendId,
      helper.friendId,
    ]);
    expect(changed.json().topics).toEqual(['NEW_FRIEND', 'LINE_UNBLOCK_EVENT']);
    const emptyLabel = await t.api('PATCH', `${base()}/settings/${id}`, {
      cookie: a.manager.cookie,
      body: { label: '' },
    });
    expect(emptyLabel.json().errors).toContainEqual({
      path: 'body.label',
      message: notificationMessages.labelRequired,
    });

    const list = await t.api('GET', `${base()}/settings`, { cookie: a.staff.cookie });
    expect(list.json().data).toHaveLength(1);
    // another client: 404 on every call, nothing of ours shown
    for (const [method, url] of [
      ['GET', `${base()}/settings`],
      ['PATCH', `${base()}/settings/${id}`],
      ['DELETE', `${base()}/settings/${id}`],
      ['GET', `${base()}/recipients`],
      ['GET', `${base()}/deliveries`],
    ] as const) {
      const response = await t.api(method, url, {
        cookie: b.owner.cookie,
        body: method === 'PATCH' ? { label: 'x' } : undefined,
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('店長');
    }
    // their own account does not know our group either
    const cross = await t.api('DELETE', `${C}/line-account/${otherAccountId}/notification/settings/${id}`, {
      cookie: b.owner.cookie,
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe(notificationMessages.settingNotFound);
    expect(
      (
        await t.api('POST', `${base()}/settings`, {
          cookie: a.staff.cookie,
          body: { label: 'x', friendIds: [manager.friendId], topics: ['NEW_FRIEND'] },
        })
      ).statusCode,
    ).toBe(403);

    const deleted = await t.api('DELETE', `${base()}/settings/${id}`, { cookie: a.owner.cookie });
    expect(deleted.json()).toEqual({ success: true });
    expect((await t.api('DELETE', `${base()}/settings/${id}`, { cookie: a.owner.cookie })).statusCode).toBe(
      404,
    );
  });

  it('lists recipient candidates: following friends of the account', async () => {
    const response = await t.api('GET', `${base()}/recipients`, { cookie: a.staff.cookie });
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((r: { friendId: number }) => r.friendId);
    expect(ids).toEqual(expect.arrayContaining([manager.friendId, helper.friendId]));
    expect(ids).not.toContain(otherFriendId);
  });
});
