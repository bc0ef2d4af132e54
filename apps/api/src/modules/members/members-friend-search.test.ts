import { friendMessages, memberMessages } from '@app/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { a, accountId, attr, b, registerFourMembers, t, useMemberService } from './members.test-setup.ts';

// The friend search with member conditions, on the store members.test.ts leaves (registerFourMembers).

useMemberService();
beforeAll(registerFourMembers, 60_000);

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
    // the conditions are read beside the account's check: its 404 still comes first, whatever they name
    for (const body of [
      { memberAttributes: [{ attributeId: 987654 }] },
      { memberAttributes: [{ attributeId: attr.age!.id, min: 'たくさん' }] },
      { hasTags: [987654] },
    ]) {
      const elsewhere = await t.api('POST', url(), { cookie: b.owner.cookie, body });
      expect(elsewhere.statusCode, JSON.stringify(body)).toBe(404);
    }
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
