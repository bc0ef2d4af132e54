import { tagMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inflowRoutes, keywordRules, postbackActions, scenarios, tags } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
} from '../../testing/line-sim.ts';
import { tagDeleteFaults } from '../friends/tags.service.ts';

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

  it('a save naming the tag while its delete runs waits for the delete and is refused; nothing is left naming a deleted tag', async () => {
    const base = await newAccount(a, '四条店');
    const post = async (path: string, body: unknown) => {
      const response = await t.api('POST', `${base}/${path}`, { cookie: a.owner.cookie, body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const save = (path: string, body: unknown) => t.api('POST', `${base}/${path}`, { cookie: a.owner.cookie, body });
    const savers: [string, (tagId: number) => Promise<{ statusCode: number; body: string }>, number][] = [
      [
        'scenario',
        (tagId) =>
          save('scenarios', {
            name: '競合シナリオ',
            trigger: 'FOLLOW',
            steps: [
              {
                delay: { amount: 0, unit: 'MINUTES' },
                // the tag in the conditions written in the step
                conditions: { segmentConditions: { hasTags: [tagId] } },
                messages: [text('こんにちは')],
              },
            ],
          }),
        400,
      ],
      [
        'keywordRule',
        (tagId) =>
          save('keyword-replies', {
            name: '競合ルール',
            keywords: [{ text: '競合', match: 'CONTAINS' }],
            messages: [],
            actions: [{ type: 'tag.add', tagId }],
          }),
        400,
      ],
      [
        'postbackAction',
        (tagId) =>
          save('postback-actions', {
            name: '競合タップ',
            messages: [text('ありがとうございます')],
            actions: [{ type: 'tag.add', tagId }],
          }),
        400,
      ],
      ['inflowRoute', (tagId) => save('inflow-routes', { name: '競合経路', tagIds: [tagId] }), 404],
    ];
    for (const [kind, saveNaming, refused] of savers) {
      const tagId = await post('tags', { name: `競合-${kind}` });
      let saving: ReturnType<typeof saveNaming> | undefined;
      // The delete holds the tag and has not looked for uses yet: the save starts now. Held, it cannot
      // finish before the delete commits; without the hold it would, and the delete would not see it.
      tagDeleteFaults.afterLock = async () => {
        saving = saveNaming(tagId);
        await Promise.race([saving, new Promise((resolve) => setTimeout(resolve, 1_500))]);
      };
      try {
        const deleted = await t.api('DELETE', `${base}/tags/${tagId}`, { cookie: a.owner.cookie });
        expect(deleted.statusCode, `${kind}: ${deleted.body}`).toBe(200);
      } finally {
        tagDeleteFaults.afterLock = null;
      }
      const saved = await saving!;
      expect(saved.statusCode, `${kind}: ${saved.body}`).toBe(refused);
    }
    expect(await t.db.select().from(scenarios).where(eq(scenarios.name, '競合シナリオ'))).toHaveLength(0);
    expect(await t.db.select().from(keywordRules).where(eq(keywordRules.name, '競合ルール'))).toHaveLength(0);
    expect(await t.db.select().from(postbackActions).where(eq(postbackActions.name, '競合タップ'))).toHaveLength(
      0,
    );
    expect(await t.db.select().from(inflowRoutes).where(eq(inflowRoutes.name, '競合経路'))).toHaveLength(0);

    // a tag named in a step's written conditions is in use, as the step's own tag conditions are
    const held = await post('tags', { name: '条件内' });
    await post('scenarios', {
      name: '条件を書いたステップ',
      trigger: 'FOLLOW',
      steps: [
        {
          delay: { amount: 0, unit: 'MINUTES' },
          conditions: { segmentConditions: { condition: 'OR', lacksTags: [held] } },
          messages: [text('こんにちは')],
        },
      ],
    });
    const refused = await t.api('DELETE', `${base}/tags/${held}`, { cookie: a.owner.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errors: [{ path: 'scenario', message: '条件を書いたステップ' }] });
  });
});
