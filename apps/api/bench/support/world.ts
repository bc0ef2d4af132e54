// The bench's world, written into the database before the API starts (PGlite is one process's: the
// server opens the data folder once this is closed): the demo tenants and logins, a LINE account that
// receives the webhook load, one with 100,000 friends who are all members (three attribute values each)
// and a 50-staff shift store, and, at the larger scale, one with 1,000,000 friends and members.
// Plain SQL on the tables' names: the bench does not depend on which module owns which table.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { seedDemoData } from '../../src/db/seed.ts';

type Row = Record<string, unknown>;
const rows = async <T extends Row>(db: Db, query: ReturnType<typeof sql>) => {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
};
const one = async <T extends Row>(db: Db, query: ReturnType<typeof sql>) => (await rows<T>(db, query))[0]!;

export type MemberStore = {
  accountId: number;
  genderAttr: number;
  visitsAttr: number;
  maleChoice: number;
};

export type BenchWorld = {
  clientId: number;
  webhookAccount: { id: number; channelSecret: string; botId: string };
  big: MemberStore & { shiftStoreId: number; firstStaffUserId: string; loginChannelId: string };
  million?: MemberStore;
  reports?: ReportWorld;
  shiftCount: number;
};

async function lineAccount(db: Db, clientId: number, sealedSecret: string, name: string) {
  const tag = randomBytes(4).toString('hex');
  return one<{ id: number; bot_id: string; login_channel_id: string }>(
    db,
    sql`insert into line_accounts (client_id, channel_id, channel_secret_encrypted, login_channel_id, display_name, bot_id)
        values (${clientId}, ${`bench-${tag}`}, ${sealedSecret}, ${`bench-login-${tag}`}, ${name}, ${`Ubench${tag}`})
        returning id, bot_id, login_channel_id`,
  );
}

async function store(db: Db, clientId: number, accountId: number, serviceCode: string) {
  const link = await one<{ id: number }>(
    db,
    sql`insert into line_account_services (client_id, line_account_id, service_code, liff_id)
        values (${clientId}, ${accountId}, ${serviceCode}, ${`bench-liff-${serviceCode}-${accountId}`}) returning id`,
  );
  return one<{ id: number }>(
    db,
    sql`insert into stores (client_id, line_account_id, line_account_service_id, service_code, name)
        values (${clientId}, ${accountId}, ${link.id}, ${serviceCode}, 'ベンチ店') returning id`,
  );
}

/** `count` friends followed a minute apart, every one a member with a name, a visit count and a gender. */
async function friendsAndMembers(db: Db, clientId: number, accountId: number, count: number) {
  await db.execute(sql`
    insert into friends (client_id, line_account_id, line_user_id, display_name, followed_at, created_at)
    select ${clientId}, ${accountId}, 'U' || md5(${accountId}::text || '-' || i::text), '友だち' || i,
           now() - i * interval '1 minute', now() - i * interval '1 minute'
    from generate_series(1, ${count}) as i`);
  const memberStore = await store(db, clientId, accountId, 'KS-001');
  const [nameAttr, visitsAttr, genderAttr] = await rows<{ id: number }>(
    db,
    sql`insert into member_attributes (client_id, store_id, label, type, display_order)
        values (${clientId}, ${memberStore.id}, 'お名前', 'STRING', 0),
               (${clientId}, ${memberStore.id}, '来店回数', 'NUMBER', 1),
               (${clientId}, ${memberStore.id}, '性別', 'RADIO', 2)
        returning id`,
  );
  const choices = await rows<{ id: number }>(
    db,
    sql`insert into member_attribute_choices (client_id, attribute_id, value, display_order)
        values (${clientId}, ${genderAttr!.id}, '女性', 0), (${clientId}, ${genderAttr!.id}, '男性', 1),
               (${clientId}, ${genderAttr!.id}, '回答しない', 2)
        returning id`,
  );
  await db.execute(sql`
    insert into members (client_id, store_id, friend_id, status, member_code, created_at, updated_at)
    select client_id, ${memberStore.id}, id, 'ACTIVE', lpad((row_number() over (order by id))::text, 10, '0'),
           created_at, created_at
    from friends where line_account_id = ${accountId} and display_name like '友だち%'`);
  await db.execute(sql`
    insert into member_values (client_id, member_id, friend_id, attribute_id, value)
    select client_id, id, friend_id, ${nameAttr!.id}, '会員' || id from members where store_id = ${memberStore.id}`);
  await db.execute(sql`
    insert into member_values (client_id, member_id, friend_id, attribute_id, number_value)
    select client_id, id, friend_id, ${visitsAttr!.id}, id % 30 from members where store_id = ${memberStore.id}`);
  await db.execute(sql`
    insert into member_values (client_id, member_id, friend_id, attribute_id)
    select client_id, id, friend_id, ${genderAttr!.id} from members where store_id = ${memberStore.id}`);
  const ids = choices.map((c) => c.id);
  await db.execute(sql`
    insert into member_value_choices (member_value_id, choice_id, client_id, friend_id)
    select v.id, (array[${ids[0]}, ${ids[1]}, ${ids[2]}]::int[])[v.member_id % 3 + 1], v.client_id, v.friend_id
    from member_values v where v.attribute_id = ${genderAttr!.id}`);
  return { accountId, genderAttr: genderAttr!.id, visitsAttr: visitsAttr!.id, maleChoice: ids[1]! };
}

/** 50 approved staff, each working eight hours on most days of November 2026. */
async function shiftStore(db: Db, clientId: number, accountId: number) {
  const { id: storeId } = await store(db, clientId, accountId, 'KS-002');
  const tag = randomBytes(8).toString('hex');
  await db.execute(sql`
    insert into friends (client_id, line_account_id, line_user_id, display_name)
    select ${clientId}, ${accountId}, 'Ustaff' || lpad(i::text, 2, '0') || ${tag}, 'スタッフ' || i
    from generate_series(1, 50) as i`);
  await db.execute(sql`
    insert into shift_staff (client_id, store_id, friend_id, status)
    select ${clientId}, ${storeId}, id, 'APPROVED' from friends
    where line_account_id = ${accountId} and line_user_id like ${`Ustaff%${tag}`} order by id`);
  const result = await one<{ n: number }>(
    db,
    sql`with s as (
          insert into staff_shifts (client_id, store_id, staff_id, status, start_at, end_at, duration)
          select ${clientId}, ${storeId}, st.id, 'APPROVED',
                 timestamptz '2026-11-01 00:00:00+00' + d * interval '1 day' + (st.rn % 4) * interval '1 hour',
                 timestamptz '2026-11-01 08:00:00+00' + d * interval '1 day' + (st.rn % 4) * interval '1 hour', 480
          from (select id, row_number() over (order by id) - 1 as rn from shift_staff where store_id = ${storeId}) st,
               generate_series(0, 29) as d
          where (d + st.rn) % 7 <> 0 returning 1)
        select count(*)::int as n from s`,
  );
  const first = await one<{ line_user_id: string }>(
    db,
    sql`select f.line_user_id from shift_staff s join friends f on f.id = s.friend_id
        where s.store_id = ${storeId} order by s.id limit 1`,
  );
  return { shiftStoreId: storeId, firstStaffUserId: first.line_user_id, shiftCount: Number(result.n) };
}

/**
 * The チャット of an account's friends: 10 messages each (a million for 100,000 friends), every third
 * friend's last from the friend (要対応, unread), LINE's times a minute apart; the conversations as the
 * messages leave them.
 */
async function inbox(db: Db, accountId: number) {
  await db.execute(sql`
    insert into messages (client_id, line_account_id, friend_id, type, contents, source, delivery,
                          line_message_id, line_timestamp, created_at)
    select f.client_id, f.line_account_id, f.id, 'text',
           jsonb_build_object('text', 'メッセージ ' || f.id || '-' || m),
           case when m = 10 and f.id % 3 <> 0 then 'system'::message_source else 'user'::message_source end,
           case when m = 10 and f.id % 3 <> 0 then 'SENT'::message_delivery else 'RECEIVED'::message_delivery end,
           f.id || '-' || m,
           date_trunc('milliseconds', f.created_at + m * interval '1 minute'),
           f.created_at + m * interval '1 minute'
    from friends f, generate_series(1, 10) as m
    where f.line_account_id = ${accountId}`);
  await db.execute(sql`
    insert into conversations (friend_id, client_id, line_account_id, last_message_at, last_message_id,
                               last_message_preview, last_message_source, unread_count, status)
    select distinct on (friend_id) friend_id, client_id, line_account_id, line_timestamp, id,
           left(contents->>'text', 120), source,
           case when source = 'user' then 1 else 0 end,
           case when source = 'user' then 'NEEDS_REPLY'::conversation_status else 'DONE'::conversation_status end
    from messages where line_account_id = ${accountId}
    order by friend_id, line_timestamp desc, id desc`);
}

export async function writeWorld(
  db: Db,
  options: {
    sealSecret: (secret: string) => string;
    million: boolean;
    /** The big account's friends (and members): 100,000 unless a filtered run needs none of its lines. */
    friends?: number;
    log: (text: string) => void;
    /** 1,000,000 messages in the 100,000 friends' chats (the inbox's figure is taken on PostgreSQL). */
    withInbox?: boolean;
    /** Issue 32's reports: 3 routes, 1,000,000 clicks of 10 deliveries, 1,000,000 rich menu taps. */
    withReports?: boolean;
  },
): Promise<BenchWorld> {
  const friends = options.friends ?? 100_000;
  await seedDemoData(db);
  const { client_id: clientId } = await one<{ client_id: number }>(
    db,
    sql`select client_id from users where email = 'owner@demo.example'`,
  );
  const channelSecret = randomBytes(16).toString('hex');
  const sealed = options.sealSecret(channelSecret);
  const hook = await lineAccount(db, clientId, sealed, 'ベンチ店 webhook');
  const bigAccount = await lineAccount(db, clientId, sealed, 'ベンチ店 10万');
  let started = performance.now();
  const bigMembers = await friendsAndMembers(db, clientId, bigAccount.id, friends);
  const shifts = await shiftStore(db, clientId, bigAccount.id);
  options.log(
    `seeded ${friends.toLocaleString('en')} friends and members (3 values each) and ${shifts.shiftCount} shifts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (options.withInbox) {
    started = performance.now();
    await inbox(db, bigAccount.id);
    options.log(
      `seeded 1,000,000 messages in 100,000 conversations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  let reports: ReportWorld | undefined;
  if (options.withReports) {
    started = performance.now();
    reports = await reportWorld(db, clientId, bigAccount.id);
    options.log(
      `seeded 3 routes (100,000 visits, 80,000 follows), 1,000,000 clicks and 1,000,000 taps in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  let million: MemberStore | undefined;
  if (options.million) {
    started = performance.now();
    const account = await lineAccount(db, clientId, sealed, 'ベンチ店 100万');
    million = await friendsAndMembers(db, clientId, account.id, 1_000_000);
    options.log(
      `seeded 1,000,000 friends and members (3 values each) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  // What autovacuum does in production after a bulk load: statistics and the visibility map.
  started = performance.now();
  for (const table of [
    'friends',
    'members',
    'member_values',
    'member_value_choices',
    'staff_shifts',
    'messages',
    'conversations',
    ...(options.withReports
      ? [
          'inflow_visits',
          'inflow_attributions',
          'delivery_clicks',
          'delivery_links',
          'rich_menu_taps',
          // the roll-ups their triggers kept (decision 0058)
          'inflow_route_days',
          'inflow_route_visitors',
          'inflow_route_friends',
          'delivery_link_click_counts',
          'delivery_click_friends',
          'rich_menu_tap_days',
          'rich_menu_tap_friends',
        ]
      : []),
  ])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  options.log(`vacuum analyze in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // And what the checkpointer does in production long before anyone measures: the bulk load's dirty pages
  // written out. Without it the first lines may measure the checkpoint the load set off (its writes, and
  // the full-page images every page's first change after it writes to the WAL), not the product.
  started = performance.now();
  await db.execute(sql`checkpoint`);
  options.log(
    `world settled as a running system's is (vacuum analyze, then a checkpoint in ${((performance.now() - started) / 1000).toFixed(1)} s) before anything is measured`,
  );
  return {
    clientId,
    webhookAccount: { id: hook.id, channelSecret, botId: hook.bot_id },
    big: {
      ...bigMembers,
      shiftStoreId: shifts.shiftStoreId,
      firstStaffUserId: shifts.firstStaffUserId,
      loginChannelId: bigAccount.login_channel_id,
    },
    million,
    reports,
    shiftCount: shifts.shiftCount,
  };
}

export type ReportWorld = { deliveryId: number; linkToken: string; richMenuId: number };

/**
 * Issue 32's figures over the big account's 100,000 friends, in the last 60 days: 3 inflow routes with
 * 100,000 visits and 60,000 follows attributed to them; 10 sent deliveries with one tracked link each,
 * clicked by every friend (1,000,000 click rows, the most a link can have: a friend counts once); a rich
 * menu of 4 areas tapped 1,000,000 times (10 a friend).
 */
async function reportWorld(db: Db, clientId: number, accountId: number): Promise<ReportWorld> {
  const now = sql`now()`;
  await db.execute(sql`
    insert into inflow_routes (client_id, line_account_id, name, slug)
    select ${clientId}, ${accountId}, '経路' || i, 'benchroute' || lpad(i::text, 6, '0')
    from generate_series(1, 3) as i`);
  await db.execute(sql`
    insert into inflow_visits (client_id, line_account_id, route_id, line_user_id, was_friend, visited_at)
    select f.client_id, f.line_account_id, r.id, f.line_user_id, false,
           ${now} - ((f.id % 60) * interval '1 day') - interval '2 hours'
    from friends f
    join (select id, row_number() over (order by id) - 1 as rn from inflow_routes where line_account_id = ${accountId}) r
      on r.rn = f.id % 3
    where f.line_account_id = ${accountId} and f.display_name like '友だち%'`);
  await db.execute(sql`
    insert into inflow_attributions (client_id, line_account_id, route_id, visit_id, friend_id, kind, attributed_at, member_at)
    select v.client_id, v.line_account_id, v.route_id, v.id, f.id, 'NEW_FRIEND', v.visited_at + interval '1 hour',
           case when f.id % 2 = 0 then v.visited_at + interval '1 day' end
    from inflow_visits v join friends f on f.line_account_id = v.line_account_id and f.line_user_id = v.line_user_id
    where v.line_account_id = ${accountId} and f.id % 5 <> 0`);
  await db.execute(sql`
    insert into message_deliveries (client_id, line_account_id, title, status, messages, audience, started_at, finished_at, target_count, sent_count)
    select ${clientId}, ${accountId}, '配信' || i, 'SENT', '[{"type":"text","text":"https://shop.example.jp/x"}]'::jsonb,
           '{"type":"ALL"}'::jsonb, ${now} - i * interval '5 days', ${now} - i * interval '5 days', 100000, 100000
    from generate_series(1, 10) as i`);
  await db.execute(sql`
    insert into delivery_links (delivery_id, url, token)
    select id, 'https://shop.example.jp/x', 'benchlink' || lpad(id::text, 7, '0')
    from message_deliveries where line_account_id = ${accountId}`);
  await db.execute(sql`
    insert into delivery_clicks (link_id, delivery_id, friend_id, clicked_at)
    select l.id, l.delivery_id, f.id, ${now} - ((f.id % 50) * interval '1 day')
    from delivery_links l join message_deliveries d on d.id = l.delivery_id, friends f
    where d.line_account_id = ${accountId} and f.line_account_id = ${accountId} and f.display_name like '友だち%'`);
  const link = await one<{ delivery_id: number; token: string }>(
    db,
    sql`select l.delivery_id, l.token from delivery_links l join message_deliveries d on d.id = l.delivery_id
        where d.line_account_id = ${accountId} order by l.id limit 1`,
  );
  const areas = [0, 1, 2, 3].map((i) => ({
    bounds: { x: i * 625, y: 0, width: 625, height: 843 },
    action: { type: 'postback', data: `area=${i}` },
  }));
  const menu = await one<{ id: number }>(
    db,
    sql`insert into rich_menus (client_id, line_account_id, line_rich_menu_id, name, width, height, chat_bar_text, areas, image_type, image, tap_slug)
        values (${clientId}, ${accountId}, 'richmenu-bench', 'ベンチメニュー', 2500, 843, 'メニュー', ${JSON.stringify(areas)}::jsonb, 'image/png', decode('00', 'hex'), 'benchmenutapslug')
        returning id`,
  );
  await db.execute(sql`
    insert into rich_menu_taps (client_id, line_account_id, rich_menu_id, area_index, friend_id, tapped_at)
    select f.client_id, f.line_account_id, ${menu.id}, (f.id + k) % 4, f.id,
           ${now} - (((f.id + k * 7) % 90) * interval '1 day')
    from friends f, generate_series(1, 10) as k
    where f.line_account_id = ${accountId} and f.display_name like '友だち%'`);
  return { deliveryId: Number(link.delivery_id), linkToken: link.token, richMenuId: Number(menu.id) };
}

/** After the runs: what the webhook load stored and queued for its account. */
export async function webhookTotals(db: Db, accountId: number) {
  return one<{ stored: number; queued: number }>(
    db,
    sql`select (select count(*)::int from webhook_events where line_account_id = ${accountId}) as stored,
               (select count(*)::int from jobs where queue = 'line.webhook-event') as queued`,
  );
}
