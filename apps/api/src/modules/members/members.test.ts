import { createHmac } from 'node:crypto';
import { memberMessages, liffAppMessages } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainEvents, members, memberValues } from '../../db/schema/index.ts';
import { connectBody } from '../../testing/line-sim.ts';
import {
  A,
  a,
  accountId,
  agencyCookie,
  attr,
  b,
  C,
  channel,
  createAttribute,
  L,
  liffId,
  lineUser,
  masterCookie,
  sim,
  storeId,
  t,
  useMemberService,
} from './members.test-setup.ts';

/**
 * The member service through HTTP against the LINE simulator: the account is connected and KS-001
 * linked as the screens do (LIFF app registered at the simulator), friends come from follow webhooks,
 * and the mini-app's ID tokens from the simulator's LIFF login, verified through its verify endpoint.
 */

useMemberService();

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An ID token signed like LINE's (HS256 with the login channel secret), with chosen claims. */
function signedToken(claims: Record<string, unknown>) {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  const signature = createHmac('sha256', channel.loginChannel.channelSecret).update(head).digest('base64url');
  return `${head}.${signature}`;
}

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
    // the same answer as a 200, for the mini-app: not a member yet is a state, not a failure
    const state = await hanako.liff('GET', '/member-state');
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).toEqual({
      member: null,
      problem: {
        reason: 'MEMBER_NOT_FOUND',
        message: memberMessages.memberNotFound,
        id: null,
        status: null,
        memberCode: null,
        attributes: [],
      },
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
    expect((await hanako.liff('GET', '/member-state')).json()).toEqual({ member: card, problem: null });

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
