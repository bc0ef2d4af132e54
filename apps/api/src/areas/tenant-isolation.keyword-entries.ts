// The tenant-isolation matrix's entries for 応答メッセージ and postback actions (automation module, decision
// 0036): rows of a tenant's account written straight to the tables.

import { keywordRules, postbackActions } from '../db/schema/index.ts';
import { t, unique, type Entry, type Tenant } from './tenant-isolation.test-setup.ts';

const D = '/client/api/v1/line-account/:lineAccountId';
const ofAccount = (x: Tenant) => ({ path: { lineAccountId: x.lineAccount.id } });
const ruleBody = () => ({
  name: `規則${unique()}`,
  keywords: [{ text: '予約', match: 'CONTAINS' }],
  messages: [{ type: 'text', text: 'ご予約ありがとうございます' }],
});
const postbackBody = () => ({ name: `来店${unique()}`, messages: [{ type: 'text', text: 'ようこそ' }] });
const freshRule = async (x: Tenant) => {
  const [row] = await t.db
    .insert(keywordRules)
    .values({
      clientId: x.client.id,
      lineAccountId: x.lineAccount.id,
      position: 1,
      name: `規則${unique()}`,
      keywords: [{ text: '営業時間', match: 'CONTAINS' }],
      days: [0, 1, 2, 3, 4, 5, 6],
      messages: [{ type: 'text', text: '10時から' }],
      actions: [],
    })
    .returning();
  return { lineAccountId: x.lineAccount.id, ruleId: row!.id };
};
const freshPostback = async (x: Tenant) => {
  const [row] = await t.db
    .insert(postbackActions)
    .values({
      clientId: x.client.id,
      lineAccountId: x.lineAccount.id,
      name: `来店${unique()}`,
      messages: [{ type: 'text', text: 'ようこそ' }],
      actions: [],
    })
    .returning();
  return { lineAccountId: x.lineAccount.id, postbackId: row!.id };
};

export const keywordReplyEntries: Record<string, Entry> = {
  [`GET ${D}/keyword-replies`]: { kind: 'tenant', build: ofAccount },
  [`POST ${D}/keyword-replies`]: { kind: 'tenant', build: (x) => ({ ...ofAccount(x), body: ruleBody() }) },
  [`PUT ${D}/keyword-replies/:ruleId`]: {
    kind: 'tenant',
    build: async (x) => ({ path: await freshRule(x), body: ruleBody() }),
  },
  [`DELETE ${D}/keyword-replies/:ruleId`]: {
    kind: 'tenant',
    build: async (x) => ({ path: await freshRule(x) }),
  },
  [`PUT ${D}/keyword-reply-order`]: {
    kind: 'tenant',
    build: async (x) => {
      const rows = await t.db.select().from(keywordRules);
      const ids = rows.filter((r) => r.lineAccountId === x.lineAccount.id).map((r) => r.id);
      return { ...ofAccount(x), body: { ruleIds: ids } };
    },
  },
  [`PUT ${D}/keyword-fallback`]: {
    kind: 'tenant',
    build: (x) => ({
      ...ofAccount(x),
      body: { enabled: true, messages: [{ type: 'text', text: '承りました' }] },
    }),
  },
  [`GET ${D}/automation-sends`]: { kind: 'tenant', build: ofAccount },
  [`GET ${D}/postback-actions`]: { kind: 'tenant', build: ofAccount },
  [`POST ${D}/postback-actions`]: {
    kind: 'tenant',
    build: (x) => ({ ...ofAccount(x), body: postbackBody() }),
  },
  [`PUT ${D}/postback-actions/:postbackId`]: {
    kind: 'tenant',
    build: async (x) => ({ path: await freshPostback(x), body: postbackBody() }),
  },
  [`DELETE ${D}/postback-actions/:postbackId`]: {
    kind: 'tenant',
    build: async (x) => ({ path: await freshPostback(x) }),
  },
};
