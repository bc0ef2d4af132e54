import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  inflowRoutes,
  keywordRules,
  postbackActions,
  richMenuRules,
  scenarios,
} from '../../db/schema/index.ts';
import { plainMenuBody as menuBody, plainMenuImage as png } from '../../testing/rich-menu-fixtures.ts';
import { createLineTestApp, startLineSim, type LineSim, type LineTestApp } from '../../testing/line-sim.ts';
import { tagDeleteFaults } from './tags.service.ts';

/**
 * A tag's delete against a save naming the tag at the same time (decision 0053's addendum, 0059, 0060):
 * the delete holds the tag from its check to its delete; every save checks its tags again holding them.
 * (A saved segment's: deliveries/segment-delete-race.test.ts.)
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
afterEach(() => {
  tagDeleteFaults.afterLock = null;
});

const text = (value: string) => ({ type: 'text', text: value });

async function newAccount(who: typeof a, name: string) {
  return `${C}/line-account/${(await t.connectedAccount(who, name)).accountId}`;
}

describe('deleting a tag while a save names it', () => {
  it('a save naming the tag while its delete runs waits for the delete and is refused; nothing is left naming a deleted tag', async () => {
    const base = await newAccount(a, '四条店');
    const post = async (path: string, body: unknown) => {
      const response = await t.api('POST', `${base}/${path}`, { cookie: a.owner.cookie, body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const save = (path: string, body: unknown) =>
      t.api('POST', `${base}/${path}`, { cookie: a.owner.cookie, body });
    const menu = await post('rich-menu', { richMenu: menuBody('競合メニュー'), image: png });
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
      [
        'richMenuRule',
        (tagId) =>
          t.api('PUT', `${base}/rich-menu-rules`, {
            cookie: a.owner.cookie,
            body: { rules: [{ richMenuId: menu, tagId }] },
          }),
        400,
      ],
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
    expect(
      await t.db.select().from(postbackActions).where(eq(postbackActions.name, '競合タップ')),
    ).toHaveLength(0);
    expect(await t.db.select().from(inflowRoutes).where(eq(inflowRoutes.name, '競合経路'))).toHaveLength(0);
    expect(await t.db.select().from(richMenuRules).where(eq(richMenuRules.richMenuId, menu))).toHaveLength(0);

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
