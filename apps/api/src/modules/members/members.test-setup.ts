// What the member tests share (members.test.ts, members-back-office.test.ts, members-friend-search.test.ts):
// the app on the LINE simulator, two clients, the first's account with the member service (KS-001)
// linked, the mini-app's LINE users, and the store the first file leaves, for the files that start there.

import { afterAll, beforeAll, expect } from 'vitest';
import {
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';

export const C = '/client/api/v1';
export let sim: LineSim;
export let t: LineTestApp;
export let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
export let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
export let channel: SimChannel;
export let accountId: number;
export let storeId: number;
export let liffId: string;
export let agencyCookie: string;
export let masterCookie: string;
export const attr: Record<string, { id: number; choices: { id: number; value: string }[] }> = {};

export const A = () => `${C}/line-account/${accountId}/member-service`;
export const L = () => `/member-liff/api/v1/store/${storeId}`;

/** Starts the simulator and the app, and makes the clients and the member service's account. */
export function useMemberService() {
  beforeAll(async () => {
    sim = await startLineSim();
    t = await createLineTestApp(sim);
    a = await t.clientWithUsers();
    b = await t.clientWithUsers();
    agencyCookie = await t.userCookie({ role: 'AGENCY', position: 'OWNER' });
    masterCookie = await t.userCookie({ role: 'MASTER', position: 'OWNER' });
    ({ channel, accountId, storeId, liffId } = await t.accountWithService(a, 'KS-001', '梅田カフェ'));
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await sim.close();
  });
}

/** A LINE user (following the account unless told) and their mini-app calls with a simulator ID token. */
export async function lineUser(name: string, options: { follow?: boolean } = {}) {
  const { user, idToken, headers } = await t.liffUser(name, {
    channelId: channel.channelId,
    liffId,
    ...(options.follow === false ? { follow: false } : {}),
  });
  const liff = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    t.api(method, `${L()}${path}`, { headers, ...(body !== undefined ? { body } : {}) });
  return { user, idToken, liff };
}

export const createAttribute = (body: Record<string, unknown>, cookie = a.owner.cookie) =>
  t.api('POST', `${A()}/attributes`, { cookie, body });

type AttributeView = { id: number; choices: { id: number; value: string }[] };

/**
 * The store as members.test.ts leaves it, for the files that start there (back office, friend search):
 * its seven attributes (the menu's choices renamed, added and reordered as there), a follower who never
 * registers, and the four members its mini-app tests register, with the values they end with (伊藤 健
 * with none, registered while registration was not required).
 */
export async function registerFourMembers() {
  const specs = [
    { key: 'name', body: { label: 'お名前', type: 'STRING', isRequired: true } },
    { key: 'age', body: { label: '年齢', type: 'NUMBER' } },
    { key: 'birthday', body: { label: '誕生日', type: 'DATE', isRequired: true } },
    {
      key: 'gender',
      body: {
        label: '性別',
        type: 'RADIO',
        isRequired: true,
        choices: [{ value: '女性' }, { value: '男性' }, { value: '回答しない' }],
      },
    },
    {
      key: 'likes',
      body: {
        label: '好きなメニュー',
        type: 'CHECKBOX',
        choices: [{ value: 'ケーキ' }, { value: 'ブレンドコーヒー' }, { value: 'パフェ' }, { value: '紅茶' }],
      },
    },
    { key: 'photo', body: { label: 'プロフィール写真', type: 'IMAGE' } },
    {
      key: 'rank',
      body: { label: '会員ランク', type: 'STRING', visibility: 'PRIVATE', isDeletable: false },
    },
  ];
  for (const spec of specs) {
    const response = await createAttribute(spec.body, a.manager.cookie);
    expect(response.statusCode, response.body).toBe(201);
    attr[spec.key] = response.json<AttributeView>();
  }
  await lineUser('偽 造');
  const register = async (name: string, entries: unknown[]) => {
    const response = await (await lineUser(name)).liff('POST', '/members/', entries);
    expect(response.statusCode, response.body).toBe(200);
  };
  await register('佐藤 花子', [
    { attributeId: attr.name!.id, value: '佐藤 花子' },
    { attributeId: attr.age!.id, numberValue: 35 },
    { attributeId: attr.birthday!.id, value: '1992-04-15' },
    { attributeId: attr.gender!.id, attributeChoiceIds: [attr.gender!.choices[0]!.id] },
    {
      attributeId: attr.likes!.id,
      attributeChoiceIds: [attr.likes!.choices[0]!.id, attr.likes!.choices[1]!.id],
    },
  ]);
  await register('鈴木 太郎', [
    { attributeId: attr.name!.id, value: '鈴木 太郎' },
    { attributeId: attr.age!.id, numberValue: 52 },
    { attributeId: attr.birthday!.id, value: '1974-11-02' },
    { attributeId: attr.gender!.id, attributeChoiceIds: [attr.gender!.choices[1]!.id] },
    { attributeId: attr.likes!.id, attributeChoiceIds: [attr.likes!.choices[3]!.id] },
  ]);
  await register('高橋 結衣', [
    { attributeId: attr.name!.id, value: '高橋 結衣' },
    { attributeId: attr.birthday!.id, value: '2001-07-07' },
    { attributeId: attr.gender!.id, attributeChoiceIds: [attr.gender!.choices[0]!.id] },
  ]);
  const requireRegistration = (value: boolean) =>
    t.api('PUT', `${A()}/settings`, {
      cookie: a.owner.cookie,
      body: { isShowMemberCard: true, requireRegistration: value, memberCodeShowMode: 'QRCODE' },
    });
  await requireRegistration(false);
  await register('伊藤 健', []);
  await requireRegistration(true);
}
