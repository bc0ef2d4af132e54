import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { richMenuRules, savedSegments, scenarios } from '../../db/schema/index.ts';
import { plainMenuBody as menuBody, plainMenuImage as png } from '../../testing/rich-menu-fixtures.ts';
import { createLineTestApp, startLineSim, type LineSim, type LineTestApp } from '../../testing/line-sim.ts';
import { segmentDeleteFaults } from './segments.service.ts';

/**
 * A saved segment's delete against a save naming it at the same time (decision 0053's addendum): the
 * delete holds the segment from its check to its delete; a scenario's and the rich menu rules' saves check
 * their segments again holding them.
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
  segmentDeleteFaults.afterLock = null;
});

const text = (value: string) => ({ type: 'text', text: value });

async function newAccount(name: string) {
  return `${C}/line-account/${(await t.connectedAccount(a, name)).accountId}`;
}

describe('deleting a saved segment while a save names it', () => {
  it('a step or a rich menu rule naming the segment while its delete runs waits and is refused; nothing names a deleted segment', async () => {
    const base = await newAccount('五条店');
    const post = async (path: string, body: unknown) => {
      const response = await t.api('POST', `${base}/${path}`, { cookie: a.owner.cookie, body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const segment = (name: string) =>
      post('segments', {
        name,
        conditions: { includeNonMembers: true, isMemberServiceUser: false, isShiftServiceUser: false },
      });
    const menu = await post('rich-menu', { richMenu: menuBody('セグメント用'), image: png });
    const savers: [string, (segmentId: number) => Promise<{ statusCode: number; body: string }>][] = [
      [
        'scenario',
        (segmentId) =>
          t.api('POST', `${base}/scenarios`, {
            cookie: a.owner.cookie,
            body: {
              name: 'セグメント競合',
              trigger: 'FOLLOW',
              steps: [
                {
                  delay: { amount: 0, unit: 'MINUTES' },
                  conditions: { segmentId },
                  messages: [text('こんにちは')],
                },
              ],
            },
          }),
      ],
      [
        'richMenuRule',
        (segmentId) =>
          t.api('PUT', `${base}/rich-menu-rules`, {
            cookie: a.owner.cookie,
            body: { rules: [{ richMenuId: menu, segmentId }] },
          }),
      ],
    ];
    for (const [kind, saveNaming] of savers) {
      const segmentId = await segment(`競合-${kind}`);
      let saving: ReturnType<typeof saveNaming> | undefined;
      segmentDeleteFaults.afterLock = async () => {
        saving = saveNaming(segmentId);
        await Promise.race([saving, new Promise((resolve) => setTimeout(resolve, 1_500))]);
      };
      try {
        const deleted = await t.api('DELETE', `${base}/segments/${segmentId}`, { cookie: a.owner.cookie });
        expect(deleted.statusCode, `${kind}: ${deleted.body}`).toBe(200);
      } finally {
        segmentDeleteFaults.afterLock = null;
      }
      const saved = await saving!;
      expect(saved.statusCode, `${kind}: ${saved.body}`).toBe(400);
      expect(await t.db.select().from(savedSegments).where(eq(savedSegments.id, segmentId))).toHaveLength(0);
    }
    expect(await t.db.select().from(scenarios).where(eq(scenarios.name, 'セグメント競合'))).toHaveLength(0);
    expect(await t.db.select().from(richMenuRules).where(eq(richMenuRules.richMenuId, menu))).toHaveLength(0);

    // a save that committed first is found: the delete is refused with the use named
    const held = await segment('使用中');
    const saved = await savers[1]![1](held);
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await t.api('DELETE', `${base}/segments/${held}`, { cookie: a.owner.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errors: [{ path: 'richMenuRule' }] });
  });
});
