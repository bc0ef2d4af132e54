import { tagMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags } from '../../db/schema/index.ts';
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

const text = (value: string) => ({ type: 'text', text: value });

async function newAccount(who: typeof a, name: string) {
  const channel = await sim.createChannel({ displayName: name });
  const response = await t.api('POST', `${C}/line-account`, {
    cookie: who.owner.cookie,
    body: connectBody(channel),
  });
  expect(response.statusCode, response.body).toBe(201);
  return `${C}/line-account/${response.json<{ id: number }>().id}`;
}

describe('deleting a tag that something uses (decision 0053-tag-delete)', () => {
  it('409 listing each scenario, keyword rule, tap action and route that names it; nothing changes; deleted once they let go', async () => {
    const base = await newAccount(a, '祇園店');
    const post = async (path: string, body: unknown) => {
      const response = await t.api('POST', `${base}/${path}`, { cookie: a.owner.cookie, body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const [trigger, stop, condition, action, rule, tap, route, free] = (await Promise.all(
      ['契機', '停止', '条件', 'アクション', 'ルール', 'タップ', '経路', '未使用'].map((name) =>
        post('tags', { name }),
      ),
    )) as [number, number, number, number, number, number, number, number];
    const step = (extra: Record<string, unknown> = {}) => ({
      delay: { amount: 0, unit: 'MINUTES' },
      messages: [text('こんにちは')],
      ...extra,
    });
    const byTrigger = await post('scenarios', {
      name: 'タグで開始',
      trigger: 'TAG_ADDED',
      triggerTagId: trigger,
      stopTagIds: [stop],
      steps: [step()],
    });
    const byStep = await post('scenarios', {
      name: 'ステップで使用',
      trigger: 'FOLLOW',
      steps: [
        step({ conditions: { hasTagIds: [], lacksTagIds: [condition] } }),
        step({ actions: [{ type: 'tag.add', tagId: action }] }),
      ],
    });
    const ruleId = await post('keyword-replies', {
      name: '予約ルール',
      keywords: [{ text: '予約', match: 'CONTAINS' }],
      messages: [],
      actions: [{ type: 'tag.remove', tagId: rule }],
    });
    const tapId = await post('postback-actions', {
      name: '来店タップ',
      messages: [text('ありがとうございます')],
      actions: [{ type: 'tag.add', tagId: tap }],
    });
    const routeId = await post('inflow-routes', { name: '店頭POP', tagIds: [route, tap] });

    const remove = (tagId: number, cookie = a.owner.cookie) =>
      t.api('DELETE', `${base}/tags/${tagId}`, { cookie });
    const uses: [number, { path: string; message: string }[]][] = [
      [trigger, [{ path: 'scenario', message: 'タグで開始' }]],
      [stop, [{ path: 'scenario', message: 'タグで開始' }]],
      [condition, [{ path: 'scenario', message: 'ステップで使用' }]],
      [action, [{ path: 'scenario', message: 'ステップで使用' }]],
      [rule, [{ path: 'keywordRule', message: '予約ルール' }]],
      [
        tap,
        [
          { path: 'postbackAction', message: '来店タップ' },
          { path: 'inflowRoute', message: '店頭POP' },
        ],
      ],
      [route, [{ path: 'inflowRoute', message: '店頭POP' }]],
    ];
    for (const [tagId, listed] of uses) {
      const response = await remove(tagId);
      expect(response.statusCode, String(tagId)).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message: tagMessages.inUse, errors: listed });
      expect(await t.db.select().from(tags).where(eq(tags.id, tagId))).toHaveLength(1);
    }
    // another client learns nothing of the uses: 404; staff may not delete at all
    expect((await remove(trigger, b.owner.cookie)).statusCode).toBe(404);
    expect((await remove(trigger, a.staff.cookie)).statusCode).toBe(403);
    // a tag nothing uses goes at once
    expect((await remove(free)).json()).toEqual({ success: true });

    // a step edited so it no longer names the tag (the removed step is kept, but no longer counts)
    const edited = await t.api('PUT', `${base}/scenarios/${byStep}`, {
      cookie: a.owner.cookie,
      body: { name: 'ステップで使用', trigger: 'FOLLOW', steps: [step()] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await remove(condition)).statusCode).toBe(200);
    expect((await remove(action)).statusCode).toBe(200);
    // the scenario, the rule, the tap and the route deleted: their tags go
    for (const path of [
      `scenarios/${byTrigger}`,
      `keyword-replies/${ruleId}`,
      `postback-actions/${tapId}`,
      `inflow-routes/${routeId}`,
    ])
      expect((await t.api('DELETE', `${base}/${path}`, { cookie: a.owner.cookie })).statusCode, path).toBe(
        200,
      );
    for (const tagId of [trigger, stop, rule, tap, route])
      expect((await remove(tagId)).statusCode, String(tagId)).toBe(200);
    expect(await t.db.select().from(tags).where(eq(tags.id, trigger))).toHaveLength(0);
  });
});
