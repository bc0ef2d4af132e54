import { memberMessages, paginationMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.ts';
import {
  A,
  a,
  accountId,
  agencyCookie,
  attr,
  b,
  C,
  masterCookie,
  registerFourMembers,
  storeId,
  t,
  useMemberService,
} from './members.test-setup.ts';

// The members in the back office: the list, its totals, one member, the CSV export and the refused
// attribute deletions, on the store members.test.ts leaves (registerFourMembers).

useMemberService();
beforeAll(registerFourMembers, 60_000);

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
