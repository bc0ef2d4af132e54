import { createHmac } from 'node:crypto';
import { friendMessages, memberMessages, paginationMessages, liffAppMessages } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, members, memberValues } from '../../db/schema/index.ts';
import {
  connectBody,
  createLineTestApp,
  startLineSim,
  type LineSim,
  type LineTestApp,
  type SimChannel,
} from '../../testing/line-sim.ts';

/**
 * The member service through HTTP against the LINE simulator: the account is connected and KS-001
 * linked as the screens do (LIFF app registered at the simulator), friends come from follow webhooks,
 * and the mini-app's ID tokens from the simulator's LIFF login, verified through its verify endpoint.
 */
const C = '/client/api/v1';
let sim: LineSim;
let t: LineTestApp;
let a: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let b: Awaited<ReturnType<LineTestApp['clientWithUsers']>>;
let channel: SimChannel;
let accountId: number;
let storeId: number;
let liffId: string;
let agencyCookie: string;
let masterCookie: string;
const attr: Record<string, { id: number; choices: { id: number; value: string }[] }> = {};

const A = () => `${C}/line-account/${accountId}/member-service`;
const L = () => `/member-liff/api/v1/store/${storeId}`;

beforeAll(async () => {
  sim = await startLineSim();
  t = await createLineTestApp(sim);
  a = await t.clientWithUsers();
  b = await t.clientWithUsers();
  agencyCookie = await t.userCookie({ role: 'AGENCY', position: 'OWNER' });
  masterCookie = await t.userCookie({ role: 'MASTER', position: 'OWNER' });
  ({ channel, accountId, storeId, liffId } = await t.accountWithService(a, 'KS-001', '梅田カフェ'));
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

/** A LINE user (following the account unless told) and their mini-app calls with a simulator ID token. */
async function lineUser(name: string, options: { follow?: boolean } = {}) {
  const { user, idToken, headers } = await t.liffUser(name, {
    channelId: channel.channelId,
    liffId,
    ...(options.follow === false ? { follow: false } : {}),
  });
  const liff = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    t.api(method, `${L()}${path}`, { headers, ...(body !== undefined ? { body } : {}) });
  return { user, idToken, liff };
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An ID token signed like LINE's (HS256 with the login channel secret), with chosen claims. */
function signedToken(claims: Record<string, unknown>) {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  const signature = createHmac('sha256', channel.loginChannel.channelSecret).update(head).digest('base64url');
  return `${head}.${signature}`;
}

const createAttribute = (body: Record<string, unknown>, cookie = a.owner.cookie) =>
  t.api('POST', `${A()}/attributes`, { cookie, body });

describe('attribute definitions', () => {
  it('creates every type with choices, in order; texts for bad input; access per position and tenant', async () => {
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
          choices: [{ value: 'コーヒー' }, { value: '紅茶' }, { value: 'ケーキ' }],
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
      attr[spec.key] = response.json();
    }
    const list = await t.api('GET', `${A()}/attributes`, { cookie: a.staff.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { label: string }) => x.label)).toEqual(specs.map((s) => s.body.label));
    expect(list.json()[3]).toMatchObject({
      type: 'RADIO',
      isRequired: true,
      displayOrder: 3,
      valueCount: 0,
      choices: [{ value: '女性', displayOrder: 0 }, { value: '男性' }, { value: '回答しない' }],
    });

    for (const [body, message] of [
      [{ type: 'STRING' }, memberMessages.labelRequired],
      [{ label: '  ', type: 'STRING' }, memberMessages.labelRequired],
      [{ label: 'x'.repeat(51), type: 'STRING' }, memberMessages.labelMax],
      [{ label: '色', type: 'COLOR' }, memberMessages.type],
      [{ label: '色', type: 'STRING', displayOrder: -1 }, memberMessages.displayOrder],
      [{ label: '色', type: 'RADIO' }, memberMessages.choicesRequired],
      [{ label: '色', type: 'STRING', choices: [{ value: '赤' }] }, memberMessages.choicesNotAllowed],
      [
        { label: '色', type: 'CHECKBOX', choices: [{ value: '赤' }, { value: '赤' }] },
        memberMessages.choiceDuplicate,
      ],
      [{ label: '色', type: 'STRING', visibility: 'SECRET' }, memberMessages.visibility],
    ] as const) {
      const response = await createAttribute(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const taken = await createAttribute({ label: 'お名前', type: 'STRING' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(memberMessages.labelTaken);

    expect((await createAttribute({ label: '色', type: 'STRING' }, a.staff.cookie)).statusCode).toBe(403);
    expect((await createAttribute({ label: '色', type: 'STRING' }, b.owner.cookie)).statusCode).toBe(404);
    expect((await t.api('GET', `${A()}/attributes`, { cookie: b.owner.cookie })).statusCode).toBe(404);
    expect(
      (
        await t.api('GET', `${A()}/attributes`, {
          cookie: agencyCookie,
          headers: { 'x-client-id': String(a.client.id) },
        })
      ).statusCode,
    ).toBe(403);
    const asMaster = await t.api('GET', `${A()}/attributes`, {
      cookie: masterCookie,
      headers: { 'x-client-id': String(a.client.id) },
    });
    expect(asMaster.json()).toHaveLength(specs.length);
    expect((await t.api('GET', `${A()}/attributes`)).statusCode).toBe(401);
    // the table is unchanged by every refusal
    expect((await t.api('GET', `${A()}/attributes`, { cookie: a.owner.cookie })).json()).toHaveLength(
      specs.length,
    );
  });

  it('an account without the member service answers 404 with its text', async () => {
    const other = await sim.createChannel({ displayName: '会員なし' });
    const id = (
      await t.api('POST', `${C}/line-account`, { cookie: a.owner.cookie, body: connectBody(other) })
    ).json().id;
    const response = await t.api('GET', `${C}/line-account/${id}/member-service/attributes`, {
      cookie: a.owner.cookie,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(memberMessages.serviceNotLinked);
  });

  it('changes choices (rename, add, drop) and reorders; refuses ids that are not all of the store', async () => {
    const [first, second, third] = attr.likes!.choices;
    const updated = await t.api('PUT', `${A()}/attributes/${attr.likes!.id}`, {
      cookie: a.owner.cookie,
      body: {
        label: '好きなメニュー',
        type: 'CHECKBOX',
        choices: [
          { id: third!.id, value: 'ケーキ' },
          { id: first!.id, value: 'ブレンドコーヒー' },
          { value: 'パフェ' },
          { id: second!.id, value: '紅茶' },
        ],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().choices.map((c: { value: string }) => c.value)).toEqual([
      'ケーキ',
      'ブレンドコーヒー',
      'パフェ',
      '紅茶',
    ]);
    attr.likes = updated.json();
    const foreignChoice = await t.api('PUT', `${A()}/attributes/${attr.likes.id}`, {
      cookie: a.owner.cookie,
      body: {
        label: '好きなメニュー',
        type: 'CHECKBOX',
        choices: [{ id: attr.gender!.choices[0]!.id, value: 'x' }],
      },
    });
    expect(foreignChoice.json().message).toBe(memberMessages.choiceNotFound);

    const ids = Object.values(attr).map((x) => x.id);
    const bad = await t.api('PUT', `${A()}/attributes/order`, {
      cookie: a.owner.cookie,
      body: { attributeIds: ids.slice(1) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(memberMessages.orderIds);
    const reversed = [...ids].reverse();
    const ok = await t.api('PUT', `${A()}/attributes/order`, {
      cookie: a.manager.cookie,
      body: { attributeIds: reversed },
    });
    expect(ok.json().map((x: { id: number }) => x.id)).toEqual(reversed);
    await t.api('PUT', `${A()}/attributes/order`, { cookie: a.manager.cookie, body: { attributeIds: ids } });
  });
});

describe('store member settings', () => {
  it('has defaults, changes, and refuses a bad show mode and staff', async () => {
    const initial = await t.api('GET', `${A()}/settings`, { cookie: a.staff.cookie });
    expect(initial.json()).toEqual({
      storeId,
      isShowMemberCard: true,
      requireRegistration: true,
      memberCodeShowMode: 'QRCODE',
    });
    const body = { isShowMemberCard: true, requireRegistration: true, memberCodeShowMode: 'BARCODE' };
    expect((await t.api('PUT', `${A()}/settings`, { cookie: a.staff.cookie, body })).statusCode).toBe(403);
    expect((await t.api('PUT', `${A()}/settings`, { cookie: b.owner.cookie, body })).statusCode).toBe(404);
    const bad = await t.api('PUT', `${A()}/settings`, {
      cookie: a.owner.cookie,
      body: { ...body, memberCodeShowMode: 'SMOKE' },
    });
    expect(bad.json().message).toBe(memberMessages.showMode);
    const saved = await t.api('PUT', `${A()}/settings`, { cookie: a.owner.cookie, body });
    expect(saved.json().memberCodeShowMode).toBe('BARCODE');
  });
});

describe('the member mini-app', () => {
  it('the public start call names the LIFF app, the store and the branding; unknown accounts get 404', async () => {
    const info = await t.api('GET', `/liff/api/v1/line-account/${accountId}/member`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({
      lineAccountId: accountId,
      liffId,
      storeId,
      serviceCode: 'KS-001',
      branding: { displayName: '梅田カフェ', mainColor: '#1C7F09' },
    });
    const shift = await t.api('GET', `/liff/api/v1/line-account/${accountId}/shift`);
    expect(shift.statusCode).toBe(404);
    expect(shift.json().message).toBe(liffAppMessages.notFound);
    expect((await t.api('GET', `/liff/api/v1/line-account/987654/member`)).statusCode).toBe(404);
  });

  it('identifies the caller only by a verified ID token', async () => {
    const missing = await t.api('GET', `${L()}/members`);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(memberMessages.idTokenRequired);
    const { user } = await lineUser('偽 造');
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: 'https://access.line.me',
      sub: user.userId,
      aud: channel.loginChannel.channelId,
      iat: now,
      amr: ['linesso'],
      name: 'x',
    };
    const forged = `${signedToken({ ...claims, exp: now + 600 }).slice(0, -4)}AAAA`;
    const expired = signedToken({ ...claims, iat: now - 7200, exp: now - 3600 });
    for (const token of [forged, expired, 'not-a-token']) {
      for (const path of ['/members', '', '/attributes']) {
        const response = await t.api('GET', `${L()}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode, `${path} ${response.body}`).toBe(401);
        expect(response.json().message).toBe(memberMessages.idTokenInvalid);
      }
    }
    // a well-signed token is accepted (the same claims, not expired): the forgery above was the signature
    const genuine = await t.api('GET', `${L()}/members`, {
      headers: { authorization: `Bearer ${signedToken({ ...claims, exp: now + 600 })}` },
    });
    expect(genuine.statusCode).toBe(422);
    const unknownStore = await t.api('GET', '/member-liff/api/v1/store/987654/members', {
      headers: { authorization: `Bearer ${signedToken({ ...claims, exp: now + 600 })}` },
    });
    expect(unknownStore.statusCode).toBe(404);
  });

  it("a LINE user who does not follow the account gets the mini-apps' one 422 on every call", async () => {
    const stranger = await lineUser('通りすがり', { follow: false });
    for (const [method, path, body] of [
      ['GET', '/members', undefined],
      ['POST', '/members/', []],
      ['GET', '', undefined],
      ['GET', '/attributes', undefined],
    ] as const) {
      const response = await stranger.liff(method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(422);
      expect(response.json()).toEqual({
        success: false,
        code: 'UNPROCESSABLE',
        message: memberMessages.notFollowing,
        reason: 'NOT_FOLLOWING',
        requestId: expect.any(String),
      });
    }
  });

  it('registers all or nothing, with a text for each wrong entry, and records MEMBERSHIP_REGISTRATION once', async () => {
    const hanako = await lineUser('佐藤 花子');
    const notFound = await hanako.liff('GET', '/members');
    expect(notFound.statusCode).toBe(422);
    expect(notFound.json()).toMatchObject({
      message: memberMessages.memberNotFound,
      reason: 'MEMBER_NOT_FOUND',
      id: null,
    });

    const form = await hanako.liff('GET', '/attributes');
    expect(form.json().map((x: { label: string }) => x.label)).not.toContain('会員ランク');
    expect(form.json()[0]).not.toHaveProperty('valueCount');
    expect((await hanako.liff('GET', '')).json()).toMatchObject({ storeId, memberCodeShowMode: 'BARCODE' });

    const good = [
      { attributeId: attr.name!.id, value: '佐藤 花子' },
      { attributeId: attr.age!.id, numberValue: 34 },
      { attributeId: attr.birthday!.id, value: '1992-04-15' },
      { attributeId: attr.gender!.id, attributeChoiceIds: [attr.gender!.choices[0]!.id] },
      {
        attributeId: attr.likes!.id,
        attributeChoiceIds: [attr.likes!.choices[0]!.id, attr.likes!.choices[1]!.id],
      },
    ];
    const bad: [unknown, string, number?][] = [
      [
        [...good.slice(0, 2), { attributeId: attr.birthday!.id, value: '2026-13-45' }],
        memberMessages.invalidDate,
      ],
      [[{ attributeId: attr.birthday!.id, value: 'きのう' }], memberMessages.invalidDate],
      [[{ attributeId: attr.age!.id, value: '34' }], memberMessages.numberValue],
      [[{ attributeId: attr.age!.id, numberValue: '34' }], memberMessages.numberValue],
      [
        [
          {
            attributeId: attr.gender!.id,
            attributeChoiceIds: attr.gender!.choices.slice(0, 2).map((c) => c.id),
          },
        ],
        memberMessages.radioOne,
      ],
      [
        [{ attributeId: attr.gender!.id, attributeChoiceIds: [attr.likes!.choices[0]!.id] }],
        memberMessages.radioOne,
      ],
      [
        [{ attributeId: attr.likes!.id, attributeChoiceIds: [attr.gender!.choices[0]!.id] }],
        memberMessages.checkboxChoices,
      ],
      [[{ attributeId: attr.name!.id, value: 'x', numberValue: 1 }], memberMessages.entryShape],
      [[{ attributeId: attr.name!.id }], memberMessages.entryShape],
      [[{ attributeId: attr.rank!.id, value: 'GOLD' }], memberMessages.entryUnknown],
      [[{ attributeId: 987654, value: 'x' }], memberMessages.entryUnknown],
      [[{ attributeId: attr.photo!.id, value: 'uploads/evil.png' }], memberMessages.imageValue],
      [[...good, { attributeId: attr.name!.id, value: '二重' }], memberMessages.entryDuplicate],
      [{ attributeId: attr.name!.id, value: 'x' }, memberMessages.entriesRequired],
      [good.filter((e) => e.attributeId !== attr.birthday!.id), memberMessages.requiredAttributes, 422],
    ];
    for (const [body, message, status] of bad) {
      const response = await hanako.liff('POST', '/members/', body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(status ?? 400);
      expect(response.json().message).toBe(message);
      if (message !== memberMessages.entriesRequired)
        expect(response.json().errors?.[0]?.path).toMatch(/^(attributes|body)/);
    }
    expect(await t.db.select().from(members).where(eq(members.storeId, storeId))).toHaveLength(0);
    expect(await t.db.select().from(memberValues)).toHaveLength(0);

    const registered = await hanako.liff('POST', '/members/', good);
    expect(registered.statusCode, registered.body).toBe(200);
    const card = registered.json();
    expect(card.memberCode).toMatch(/^\d{10}$/);
    expect(card).toMatchObject({ status: 'ACTIVE' });
    expect(card.attributes.map((v: { label: string; value: string }) => [v.label, v.value])).toEqual([
      ['お名前', '佐藤 花子'],
      ['年齢', '34'],
      ['誕生日', '1992-04-15'],
      ['性別', '女性'],
      ['好きなメニュー', 'ケーキ, ブレンドコーヒー'],
    ]);
    expect((await hanako.liff('GET', '/members')).json()).toEqual(card);

    // changing own values keeps the code and records no second registration
    const changed = await hanako.liff('POST', '/members/', [
      ...good.slice(0, 1),
      { attributeId: attr.age!.id, numberValue: 35 },
      ...good.slice(2),
    ]);
    expect(changed.json()).toMatchObject({ id: card.id, memberCode: card.memberCode });
    expect(changed.json().attributes[1]).toMatchObject({ label: '年齢', numberValue: 35 });
    const events = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.storeId, storeId), eq(domainEvents.topic, 'MEMBERSHIP_REGISTRATION')));
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ memberId: card.id, memberCode: card.memberCode });

    // the ID token decides who is registered: another user gets their own member, with another code
    const taro = await lineUser('鈴木 太郎');
    const second = await taro.liff('POST', '/members/', [
      { attributeId: attr.name!.id, value: '鈴木 太郎' },
      { attributeId: attr.age!.id, numberValue: 52 },
      { attributeId: attr.birthday!.id, value: '1974-11-02' },
      { attributeId: attr.gender!.id, attributeChoiceIds: [attr.gender!.choices[1]!.id] },
      { attributeId: attr.likes!.id, attributeChoiceIds: [attr.likes!.choices[3]!.id] },
    ]);
    expect(second.json().id).not.toBe(card.id);
    expect(second.json().memberCode).not.toBe(card.memberCode);
    expect(Math.abs(Number(second.json().memberCode) - Number(card.memberCode))).toBeGreaterThan(1);
  });

  it('a required attribute added later, an INACTIVE member and a block each answer their reason', async () => {
    const yui = await lineUser('高橋 結衣');
    const registered = await yui.liff('POST', '/members/', [
      { attributeId: attr.name!.id, value: '高橋 結衣' },
      { attributeId: attr.birthday!.id, value: '2001-07-07' },
      { attributeId: attr.gender!.id, attributeChoiceIds: [attr.gender!.choices[0]!.id] },
    ]);
    expect(registered.statusCode, registered.body).toBe(200);
    const memberId = registered.json().id;
    const phone = await createAttribute({ label: '電話番号', type: 'STRING', isRequired: true });
    const incomplete = await yui.liff('GET', '/members');
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({
      message: memberMessages.requiredAttributes,
      reason: 'REQUIRED_ATTRIBUTES',
      id: memberId,
      memberCode: registered.json().memberCode,
      errors: [{ path: `attributes.${phone.json().id}`, message: memberMessages.required }],
    });
    expect(incomplete.json().attributes).toHaveLength(3);
    const deleted = await t.api('DELETE', `${A()}/attributes/${phone.json().id}`, { cookie: a.owner.cookie });
    expect(deleted.statusCode).toBe(200);
    expect((await yui.liff('GET', '/members')).statusCode).toBe(200);

    const off = await t.api('PATCH', `${A()}/members/${memberId}/status`, {
      cookie: a.owner.cookie,
      body: { status: 'INACTIVE' },
    });
    expect(off.json().status).toBe('INACTIVE');
    const inactive = await yui.liff('GET', '/members');
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json()).toMatchObject({
      message: memberMessages.notRegistered,
      reason: 'NOT_REGISTERED',
      id: memberId,
      status: 'INACTIVE',
    });
    const post = await yui.liff('POST', '/members/', [{ attributeId: attr.name!.id, value: '高橋' }]);
    expect(post.json().message).toBe(memberMessages.notRegistered);
    await t.api('PATCH', `${A()}/members/${memberId}/status`, {
      cookie: a.owner.cookie,
      body: { status: 'ACTIVE' },
    });

    await sim.act(yui.user.userId, `unfollow/${channel.channelId}`);
    await t.app.jobs.runDue();
    const blocked = await yui.liff('GET', '/members');
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json()).toMatchObject({ message: memberMessages.notFollowing, reason: 'NOT_FOLLOWING' });
    await sim.act(yui.user.userId, `follow/${channel.channelId}`);
    await t.app.jobs.runDue();
  });

  it('with registration not required, the card comes without the form', async () => {
    await t.api('PUT', `${A()}/settings`, {
      cookie: a.owner.cookie,
      body: { isShowMemberCard: true, requireRegistration: false, memberCodeShowMode: 'QRCODE' },
    });
    const ken = await lineUser('伊藤 健');
    const response = await ken.liff('POST', '/members/', []);
    expect(response.statusCode, response.body).toBe(200);
    expect((await ken.liff('GET', '/members')).statusCode).toBe(200);
    await t.api('PUT', `${A()}/settings`, {
      cookie: a.owner.cookie,
      body: { isShowMemberCard: true, requireRegistration: true, memberCodeShowMode: 'QRCODE' },
    });
  });
});

describe('members in the back office', () => {
  const list = (query: Record<string, string>, cookie = a.staff.cookie) =>
    t.api('GET', `${C}/member`, { cookie, query: { lineAccountId: String(accountId), ...query } });

  it('lists with SPEC defaults and paging texts, filters by label and value, searches and sorts', async () => {
    const all = await list({});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, limit: 50, totalItems: 4 });
    const hanako = all.json().data.find((m: { displayName: string }) => m.displayName === '佐藤 花子');
    expect(hanako.attributes.map((x: { label: string }) => x.label)).toContain('会員ランク');
    expect(hanako.attributes.find((x: { label: string }) => x.label === '性別').value).toBe('女性');

    const names = (response: { json: () => { data: { displayName: string }[] } }) =>
      response.json().data.map((m) => m.displayName);
    expect(names(await list({ label: '性別', value: '女性' })).sort()).toEqual(['佐藤 花子', '高橋 結衣']);
    expect(names(await list({ label: '年齢', value: '52' }))).toEqual(['鈴木 太郎']);
    expect(names(await list({ label: '誕生日', value: '1992-04-15' }))).toEqual(['佐藤 花子']);
    expect(names(await list({ label: 'お名前', value: '鈴木' }))).toEqual(['鈴木 太郎']);
    expect(names(await list({ label: '好きなメニュー', value: 'ケーキ' }))).toEqual(['佐藤 花子']);
    expect(names(await list({ label: 'ない項目', value: 'x' }))).toEqual([]);
    expect(names(await list({ search: '高橋' }))).toEqual(['高橋 結衣']);
    expect(names(await list({ sort: String(attr.age!.id), order: 'ASC' })).slice(0, 2)).toEqual([
      '佐藤 花子',
      '鈴木 太郎',
    ]);
    expect(names(await list({ sort: 'displayName', order: 'ASC', limit: '1', page: '2' }))).toHaveLength(1);
    const paged = await list({ limit: '1', page: '2' });
    expect(paged.json()).toMatchObject({ page: 2, limit: 1, totalItems: 4, totalPages: 4 });

    for (const [query, message] of [
      [{ page: '0' }, paginationMessages.page],
      [{ limit: '501' }, paginationMessages.limit],
      [{ limit: '0' }, paginationMessages.limit],
      [{ order: 'UP' }, memberMessages.order],
      [{ sort: 'password' }, memberMessages.sort],
      [{ sort: '987654' }, memberMessages.sort],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const noAccount = await t.api('GET', `${C}/member`, { cookie: a.staff.cookie });
    expect(noAccount.json().message).toBe(memberMessages.lineAccountIdRequired);
    // non-numeric paging falls back to page 1 and limit 50 (SPEC.md 5)
    expect((await list({ page: 'abc', limit: 'xyz' })).json()).toMatchObject({ page: 1, limit: 50 });
    expect((await list({}, b.owner.cookie)).statusCode).toBe(404);
    expect((await list({}, agencyCookie)).statusCode).toBe(403);
    expect(
      (await t.api('GET', `${C}/member`, { query: { lineAccountId: String(accountId) } })).statusCode,
    ).toBe(401);
  });

  it('totals are exact for every filter (store counter, a value set, counted) and follow status changes', async () => {
    const shapes: Record<string, string>[] = [
      {},
      { status: 'ACTIVE' },
      { status: 'INACTIVE' },
      { label: '性別', value: '女性' },
      { label: '性別', value: '女性', status: 'ACTIVE' },
      { label: '性別' },
      { label: '年齢', value: '52' },
      { label: '誕生日', value: '1992-04-15' },
      { label: 'お名前', value: '鈴木' },
      { label: '好きなメニュー', value: 'ケーキ' },
      { label: 'ない項目', value: 'x' },
      { search: '高橋' },
      { search: '高橋', label: '性別', value: '女性' },
    ];
    const check = async () => {
      for (const query of shapes) {
        const whole = (await list({ ...query, limit: '500' })).json();
        const onePage = (await list({ ...query, limit: '1' })).json();
        expect(onePage.totalItems, JSON.stringify(query)).toBe(whole.data.length);
      }
    };
    await check();
    const [row] = await t.db.select().from(members).where(eq(members.storeId, storeId)).limit(1);
    const before = (await list({ status: 'INACTIVE', limit: '1' })).json().totalItems as number;
    const status = (s: string) =>
      t.api('PATCH', `${A()}/members/${row!.id}/status`, { cookie: a.owner.cookie, body: { status: s } });
    expect((await status(row!.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE')).statusCode).toBe(200);
    expect((await list({ status: 'INACTIVE', limit: '1' })).json().totalItems).toBe(
      row!.status === 'ACTIVE' ? before + 1 : before - 1,
    );
    await check();
    expect((await status(row!.status)).statusCode).toBe(200);
    await check();
  });

  it('shows a member, sets remarks (staff may) and status (staff may not); another client gets 404', async () => {
    const [row] = await t.db.select().from(members).where(eq(members.storeId, storeId)).limit(1);
    const url = `${A()}/members/${row!.id}`;
    const detail = await t.api('GET', url, { cookie: a.staff.cookie });
    expect(detail.json()).toMatchObject({
      id: row!.id,
      memberCode: row!.memberCode,
      friend: { isFriend: true },
    });
    const remarks = await t.api('PATCH', `${url}/remarks`, {
      cookie: a.staff.cookie,
      body: { remarks: 'いつもありがとう' },
    });
    expect(remarks.json().remarks).toBe('いつもありがとう');
    const long = await t.api('PATCH', `${url}/remarks`, {
      cookie: a.staff.cookie,
      body: { remarks: 'あ'.repeat(1001) },
    });
    expect(long.json().message).toBe(memberMessages.remarksMax);
    expect(
      (await t.api('PATCH', `${url}/status`, { cookie: a.staff.cookie, body: { status: 'INACTIVE' } }))
        .statusCode,
    ).toBe(403);
    const badStatus = await t.api('PATCH', `${url}/status`, {
      cookie: a.owner.cookie,
      body: { status: 'GONE' },
    });
    expect(badStatus.json().message).toBe(memberMessages.status);
    for (const cookie of [b.owner.cookie]) {
      expect((await t.api('GET', url, { cookie })).statusCode).toBe(404);
      expect((await t.api('PATCH', `${url}/remarks`, { cookie, body: { remarks: 'x' } })).statusCode).toBe(
        404,
      );
    }
    const missing = await t.api('GET', `${A()}/members/987654`, { cookie: a.staff.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(memberMessages.memberNotFound);
  });

  it('exports CSV with a BOM and one column per attribute (owner and manager)', async () => {
    const url = `${A()}/members.csv`;
    expect((await t.api('GET', url, { cookie: a.staff.cookie })).statusCode).toBe(403);
    const response = await t.api('GET', url, {
      cookie: a.manager.cookie,
      query: { label: '性別', value: '男性' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const body = response.rawPayload.toString('utf8');
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const lines = body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '会員番号,LINE表示名,ステータス,登録日時,備考,お名前,年齢,誕生日,性別,好きなメニュー,プロフィール写真,会員ランク',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('鈴木 太郎,有効');
    expect(lines[1]).toContain(',52,1974-11-02,男性,紅茶,,');

    // The master acting for the client (x-client-id) downloads the same file; without the header, or
    // for another client (whose account this is not), it is refused; an agency has no member.manage.
    const asMaster = await t.api('GET', url, {
      cookie: masterCookie,
      headers: { 'x-client-id': String(a.client.id) },
      query: { label: '性別', value: '男性' },
    });
    expect(asMaster.statusCode, asMaster.body).toBe(200);
    expect(asMaster.rawPayload.equals(response.rawPayload)).toBe(true);
    const noHeader = await t.api('GET', url, { cookie: masterCookie });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toBe('x-client-id header is required');
    const otherClient = await t.api('GET', url, {
      cookie: masterCookie,
      headers: { 'x-client-id': String(b.client.id) },
    });
    expect(otherClient.statusCode).toBe(404);
    const asAgency = await t.api('GET', url, {
      cookie: agencyCookie,
      headers: { 'x-client-id': String(a.client.id) },
    });
    expect(asAgency.statusCode).toBe(403);
  });

  it('refuses to delete an attribute with values or marked not deletable, and to drop a chosen choice', async () => {
    const withValues = await t.api('DELETE', `${A()}/attributes/${attr.age!.id}`, { cookie: a.owner.cookie });
    expect(withValues.statusCode).toBe(409);
    expect(withValues.json().message).toBe(memberMessages.deleteInUse);
    const locked = await t.api('DELETE', `${A()}/attributes/${attr.rank!.id}`, { cookie: a.owner.cookie });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(memberMessages.notDeletable);
    const dropChosen = await t.api('PUT', `${A()}/attributes/${attr.gender!.id}`, {
      cookie: a.owner.cookie,
      body: {
        label: '性別',
        type: 'RADIO',
        isRequired: true,
        choices: [{ id: attr.gender!.choices[2]!.id, value: '回答しない' }],
      },
    });
    expect(dropChosen.statusCode).toBe(409);
    expect(dropChosen.json().message).toBe(memberMessages.choiceInUse);
    const retype = await t.api('PUT', `${A()}/attributes/${attr.age!.id}`, {
      cookie: a.owner.cookie,
      body: { label: '年齢', type: 'STRING' },
    });
    expect(retype.json().message).toBe(memberMessages.typeChangeInUse);
    const counts = (await t.api('GET', `${A()}/attributes`, { cookie: a.owner.cookie })).json();
    expect(counts.find((x: { id: number }) => x.id === attr.age!.id).valueCount).toBe(2);
    expect(counts.find((x: { id: number }) => x.id === attr.gender!.id).choices).toHaveLength(3);
  });
});

describe('friend search with member conditions', () => {
  const url = () => `/search/api/v1/client/line-account/${accountId}/list/friends`;
  const search = (body: Record<string, unknown>) => t.api('POST', url(), { cookie: a.staff.cookie, body });
  const names = (response: { json: () => { data: { displayName: string }[] } }) =>
    response
      .json()
      .data.map((f) => f.displayName)
      .sort();

  it('matches attribute conditions with AND and OR, the member code range, and shows each member', async () => {
    const defaults = await search({});
    expect(names(defaults)).toEqual(['伊藤 健', '佐藤 花子', '鈴木 太郎', '高橋 結衣']);
    const hanako = defaults.json().data.find((f: { displayName: string }) => f.displayName === '佐藤 花子');
    expect(hanako.member).toMatchObject({ status: 'ACTIVE', memberCode: expect.stringMatching(/^\d{10}$/) });
    expect(hanako.member.values.find((v: { label: string }) => v.label === '性別')).toMatchObject({
      value: '女性',
      memberAttributeChoice: [{ value: '女性' }],
    });
    const women = { attributeId: attr.gender!.id, choiceIds: [attr.gender!.choices[0]!.id] };
    const over40 = { attributeId: attr.age!.id, min: 40 };
    expect(names(await search({ memberAttributes: [women] }))).toEqual(['佐藤 花子', '高橋 結衣']);
    expect(names(await search({ memberAttributes: [women, over40] }))).toEqual([]);
    expect(names(await search({ memberAttributes: [women, over40], condition: 'OR' }))).toEqual([
      '佐藤 花子',
      '鈴木 太郎',
      '高橋 結衣',
    ]);
    expect(
      names(
        await search({
          memberAttributes: [{ attributeId: attr.birthday!.id, min: '1990-01-01', max: '2000-12-31' }],
        }),
      ),
    ).toEqual(['佐藤 花子']);
    expect(
      names(await search({ memberAttributes: [{ attributeId: attr.name!.id, value: '太郎' }] })),
    ).toEqual(['鈴木 太郎']);
    expect(names(await search({ memberAttributes: [{ attributeId: attr.likes!.id }] }))).toEqual([
      '佐藤 花子',
      '鈴木 太郎',
    ]);
    const code = hanako.member.memberCode as string;
    expect(names(await search({ memberCode: [code, code] }))).toEqual(['佐藤 花子']);
    expect(names(await search({ memberCode: [code, code], search: '鈴木', condition: 'OR' }))).toEqual([
      '佐藤 花子',
      '鈴木 太郎',
    ]);
    // audience: members off leaves nobody (no staff here); non-members only shows the followers without a card
    expect(names(await search({ isMemberServiceUser: false }))).toEqual([]);
    const outsiders = await search({ isMemberServiceUser: false, includeNonMembers: true });
    expect(outsiders.json().data.every((f: { member: unknown }) => f.member === null)).toBe(true);
    expect(outsiders.json().data.length).toBeGreaterThan(0);

    for (const [body, message] of [
      [{ memberAttributes: [{ attributeId: 987654 }] }, memberMessages.attributeNotFound],
      [{ memberAttributes: [{ attributeId: attr.age!.id, min: 'たくさん' }] }, memberMessages.conditionRange],
      [
        { memberAttributes: [{ attributeId: attr.birthday!.id, max: '昨日' }] },
        memberMessages.conditionRange,
      ],
      [
        { memberAttributes: [{ attributeId: attr.gender!.id, choiceIds: [attr.likes!.choices[0]!.id] }] },
        memberMessages.choiceNotFound,
      ],
      [{ memberAttributes: 'women' }, friendMessages.memberAttributes],
      [{ memberCode: ['1'] }, friendMessages.memberCode],
    ] as const) {
      const response = await search(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    // another client's attribute ids name nothing in this account
    const other = await t.api('POST', url(), { cookie: b.owner.cookie, body: { memberAttributes: [women] } });
    expect(other.statusCode).toBe(404);
    // the same client's other accounts: one with its own member store, one without the member service;
    // neither holds this store's attributes
    for (const [service, name] of [
      ['KS-001', '梅田カフェ 二号店'],
      ['KS-002', '梅田カフェ シフト'],
    ] as const) {
      const second = await t.accountWithService(a, service, name);
      const elsewhere = await t.api(
        'POST',
        `/search/api/v1/client/line-account/${second.accountId}/list/friends`,
        {
          cookie: a.owner.cookie,
          body: { memberAttributes: [women] },
        },
      );
      expect(elsewhere.statusCode, service).toBe(400);
      expect(elsewhere.json().message).toBe(memberMessages.attributeNotFound);
    }
  });

  it('totals are exact for every filter shape: each page of one counts what the whole list holds', async () => {
    const women = { attributeId: attr.gender!.id, choiceIds: [attr.gender!.choices[0]!.id] };
    const over40 = { attributeId: attr.age!.id, min: 40 };
    const likesAny = { attributeId: attr.likes!.id, choiceIds: attr.likes!.choices.map((c) => c.id) };
    const code = (await search({})).json().data.find((f: { member: unknown }) => f.member).member.memberCode;
    const shapes: Record<string, unknown>[] = [
      {},
      { memberAttributes: [women] },
      { memberAttributes: [women, over40] },
      { memberAttributes: [women, over40], condition: 'OR' },
      { memberAttributes: [likesAny] },
      { memberAttributes: [likesAny, women], condition: 'OR' },
      { memberAttributes: [{ attributeId: attr.name!.id, value: '太郎' }, over40], condition: 'OR' },
      { memberAttributes: [{ attributeId: attr.birthday!.id, min: '1990-01-01' }] },
      { memberAttributes: [{ attributeId: attr.likes!.id }] },
      { memberAttributes: [women], isFriend: true },
      { memberAttributes: [women], search: '佐藤' },
      { memberAttributes: [women], search: '鈴木', condition: 'OR' },
      { memberAttributes: [women], isMemberServiceUser: false, includeNonMembers: true },
      { memberAttributes: [women], isMemberServiceUser: false, includeNonMembers: true, condition: 'OR' },
      { memberCode: [code, code] },
      { isFriend: false, includeNonMembers: true },
      { isMemberServiceUser: false, includeNonMembers: true },
    ];
    for (const body of shapes) {
      const whole = (await search({ ...body, limit: 500 })).json();
      const onePage = await search({ ...body, limit: 1 });
      expect(onePage.statusCode, JSON.stringify(body)).toBe(200);
      expect(onePage.json().pagination.totalItems, JSON.stringify(body)).toBe(whole.data.length);
      expect(onePage.json().data.length, JSON.stringify(body)).toBe(Math.min(1, whole.data.length));
    }
    // the fixture has something in each: an AND that keeps one, an OR that keeps more than either alone
    const total = async (body: Record<string, unknown>) =>
      (await search({ ...body, limit: 1 })).json().pagination.totalItems as number;
    expect(await total({ memberAttributes: [likesAny] })).toBe(2);
    expect(await total({ memberAttributes: [likesAny, women], condition: 'OR' })).toBe(3);
    expect(await total({ memberAttributes: [likesAny, women] })).toBe(1);
  });
});
