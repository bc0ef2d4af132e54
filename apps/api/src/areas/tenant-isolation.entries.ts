// The tenant-isolation matrix's table: for each route, whether it is public, checked for access only, or
// called on its own and another tenant (how to build the call, and what another tenant's caller gets).

import { type Role } from '@app/contracts';
import {
  conversations,
  friends,
  inflowRoutes,
  messageDeliveries,
  messages,
  messageTemplates,
  richMenus,
  savedSegments,
  scenarios,
  scenarioSteps,
  tagFolders,
  tags,
} from '../db/schema/index.ts';
import { fileStorageOf } from '../platform/files/file-storage.ts';
import { createClient, createUser, TEST_PASSWORD } from '../testing/factories.ts';
import {
  email,
  freshAnnouncement,
  t,
  unique,
  type Entry,
  type Other,
  type Tenant,
} from './tenant-isolation.test-setup.ts';
import { keywordReplyEntries } from './tenant-isolation.keyword-entries.ts';

const freshClientUser = async (x: Tenant) =>
  (await createUser(t.db, { role: 'CLIENT', position: 'STAFF', clientId: x.client.id })).id;
const freshAgencyUser = async (x: Tenant) =>
  (await createUser(t.db, { role: 'AGENCY', position: 'STAFF', agencyId: x.agency.id })).id;
const freshClient = async (x: Tenant) =>
  (await createClient(t.db, { agencyId: x.agency.id, contractStatus: 'ACTIVE' })).id;
const person = () => ({ firstName: '太郎', lastName: '山田', email: email(), phoneNumber: '0312345678' });
const address = { postalCode: '1500002', prefecture: '東京都', city: '渋谷区', addressOther: '1-1' };
const signupBody = () => ({
  client: { companyName: `新規${unique()}`, companyNameKana: 'シンキ', address },
  contactPerson: person(),
  user: { ...person(), password: 'Valid-pass1!' },
});
const passwords = new Map<number, string>();

/** Message deliveries (deliveries module): rows of a tenant's account, written straight to the table. */
const D = '/client/api/v1/line-account/:lineAccountId';
const freshDelivery = async (x: Tenant, status: 'DRAFT' | 'SCHEDULED' = 'DRAFT') => {
  const [row] = await t.db
    .insert(messageDeliveries)
    .values({
      clientId: x.client.id,
      lineAccountId: x.lineAccount.id,
      status,
      title: '配信',
      messages: [{ type: 'text', text: 'こんにちは' }],
      audience: { type: 'ALL' },
      ...(status === 'SCHEDULED' ? { scheduledAt: new Date('2030-01-01T00:00:00Z') } : {}),
    })
    .returning();
  return { path: { lineAccountId: x.lineAccount.id, deliveryId: row!.id } };
};
const freshSegment = async (x: Tenant) => {
  const [row] = await t.db
    .insert(savedSegments)
    .values({
      clientId: x.client.id,
      lineAccountId: x.lineAccount.id,
      name: '常連',
      conditions: {
        condition: 'AND',
        isShiftServiceUser: false,
        isMemberServiceUser: false,
        includeNonMembers: true,
      },
    })
    .returning();
  return { path: { lineAccountId: x.lineAccount.id, segmentId: row!.id } };
};
const ofAccount = (x: Tenant) => ({ path: { lineAccountId: x.lineAccount.id } });
/** A 1 x 1 PNG: the smallest image an upload takes. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const deliveryEntries: Record<string, Entry> = {
  [`GET ${D}/deliveries`]: { kind: 'tenant', build: ofAccount },
  // creating and changing ask LINE's validate endpoint (decision 0034): tenancy in deliveries.test.ts
  [`POST ${D}/deliveries`]: { kind: 'accessOnly', reason: 'calls LINE; tenancy in deliveries.test.ts' },
  [`GET ${D}/deliveries/:deliveryId`]: { kind: 'tenant', build: (x) => freshDelivery(x) },
  [`PUT ${D}/deliveries/:deliveryId`]: {
    kind: 'accessOnly',
    reason: 'calls LINE; tenancy in deliveries.test.ts',
  },
  [`DELETE ${D}/deliveries/:deliveryId`]: { kind: 'tenant', build: (x) => freshDelivery(x) },
  [`POST ${D}/deliveries/:deliveryId/cancel`]: {
    kind: 'tenant',
    build: (x) => freshDelivery(x, 'SCHEDULED'),
  },
  [`POST ${D}/delivery-audience/count`]: {
    kind: 'tenant',
    build: (x) => ({ ...ofAccount(x), body: { audience: { type: 'ALL' } } }),
  },
  [`GET ${D}/segments`]: { kind: 'tenant', build: ofAccount },
  [`POST ${D}/segments`]: {
    kind: 'tenant',
    build: (x) => ({ ...ofAccount(x), body: { name: '新規', conditions: {} } }),
  },
  [`PUT ${D}/segments/:segmentId`]: {
    kind: 'tenant',
    build: async (x) => ({ ...(await freshSegment(x)), body: { name: '改名', conditions: {} } }),
  },
  [`DELETE ${D}/segments/:segmentId`]: { kind: 'tenant', build: (x) => freshSegment(x) },
  // these two ask LINE (the matrix's accounts have no channel): deliveries.test.ts checks another client's 404
  [`POST ${D}/deliveries/:deliveryId/send`]: {
    kind: 'accessOnly',
    reason: 'calls LINE; tenancy in deliveries.test.ts',
  },
  [`GET ${D}/delivery-quota`]: { kind: 'accessOnly', reason: 'calls LINE; tenancy in deliveries.test.ts' },
  // image messages and rich messages (decision 0039): the upload to an account, the files LINE fetches
  [`POST ${D}/delivery-images`]: {
    kind: 'tenant',
    build: (x) => ({ ...ofAccount(x), body: { kind: 'image', dataUrl: TINY_PNG } }),
  },
  'GET /line-media/:key/:variant': {
    kind: 'public',
    reason: 'LINE fetches it; the key is 128 random bits (delivery-images.test.ts)',
  },
};

/** Templates (定型文, deliveries module): a tenant's template, written straight to the table. */
const freshTemplate = async (x: Tenant) => {
  const [row] = await t.db
    .insert(messageTemplates)
    .values({
      clientId: x.client.id,
      lineAccountId: x.lineAccount.id,
      name: `定型文${unique()}`,
      messages: [{ type: 'text', text: 'ご来店ありがとうございます' }],
    })
    .returning();
  return { path: { lineAccountId: x.lineAccount.id, templateId: row!.id } };
};
const templateBody = { name: '定型文', messages: [{ type: 'text', text: '{name}様' }] };
const templateEntries: Record<string, Entry> = {
  [`GET ${D}/message-templates`]: { kind: 'tenant', build: ofAccount },
  [`POST ${D}/message-templates`]: {
    kind: 'tenant',
    build: (x) => ({ ...ofAccount(x), body: templateBody }),
  },
  [`PUT ${D}/message-templates/:templateId`]: {
    kind: 'tenant',
    build: async (x) => ({ ...(await freshTemplate(x)), body: templateBody }),
  },
  [`DELETE ${D}/message-templates/:templateId`]: { kind: 'tenant', build: (x) => freshTemplate(x) },
};

/** Tags (friends module): a tag or folder of a tenant's account, written straight to the table. */
const freshTag = async (x: Tenant) => {
  const [row] = await t.db
    .insert(tags)
    .values({ clientId: x.client.id, lineAccountId: x.lineAccount.id, name: `タグ${unique()}` })
    .returning();
  return { path: { lineAccountId: x.lineAccount.id, tagId: row!.id }, tagId: row!.id };
};
const freshTagFolder = async (x: Tenant) => {
  const [row] = await t.db
    .insert(tagFolders)
    .values({ clientId: x.client.id, lineAccountId: x.lineAccount.id, name: `フォルダ${unique()}` })
    .returning();
  return { path: { lineAccountId: x.lineAccount.id, folderId: row!.id } };
};
const tagEntries: Record<string, Entry> = {
  // the greeting (automation module): one per account
  [`GET ${D}/greeting`]: { kind: 'tenant', build: ofAccount },
  [`PUT ${D}/greeting`]: {
    kind: 'tenant',
    build: (x) => ({
      ...ofAccount(x),
      body: { newFriendMessages: [{ type: 'text', text: 'ようこそ' }], unblockMessages: [] },
    }),
  },
  [`GET ${D}/tags`]: { kind: 'tenant', build: ofAccount },
  [`POST ${D}/tags`]: {
    kind: 'tenant',
    build: (x) => ({ ...ofAccount(x), body: { name: `新規${unique()}` } }),
  },
  [`PUT ${D}/tags/:tagId`]: {
    kind: 'tenant',
    build: async (x) => ({ path: (await freshTag(x)).path, body: { name: `改名${unique()}` } }),
  },
  [`DELETE ${D}/tags/:tagId`]: { kind: 'tenant', build: async (x) => ({ path: (await freshTag(x)).path }) },
  [`POST ${D}/tag-folders`]: {
    kind: 'tenant',
    build: (x) => ({ ...ofAccount(x), body: { name: `新規${unique()}` } }),
  },
  [`DELETE ${D}/tag-folders/:folderId`]: { kind: 'tenant', build: (x) => freshTagFolder(x) },
  [`POST ${D}/friend-tags`]: {
    kind: 'tenant',
    build: async (x) => ({
      ...ofAccount(x),
      body: { action: 'add', tagIds: [(await freshTag(x)).tagId], conditions: { includeNonMembers: true } },
    }),
  },
};

/** Step delivery (automation module): a scenario (on, one step) and a friend of a tenant's account. */
const freshScenario = async (x: Tenant) => {
  const [row] = await t.db
    .insert(scenarios)
    .values({
      clientId: x.client.id,
      lineAccountId: x.lineAccount.id,
      name: `シナリオ${unique()}`,
      enabled: true,
      trigger: 'MANUAL',
    })
    .returning();
  await t.db.insert(scenarioSteps).values({
    scenarioId: row!.id,
    position: 0,
    delay: { amount: 1, unit: 'DAYS', from: 'PREVIOUS', timeOfDay: null },
    conditions: { hasTagIds: [], lacksTagIds: [] },
    messages: [{ type: 'text', text: 'ようこそ' }],
    actions: [],
  });
  return { path: { lineAccountId: x.lineAccount.id, scenarioId: row!.id } };
};
const freshFriend = async (x: Tenant) => {
  const [row] = await t.db
    .insert(friends)
    .values({
      clientId: x.client.id,
      lineAccountId: x.lineAccount.id,
      lineUserId: `U${unique()}`,
      displayName: '友だち',
    })
    .returning();
  return row!.id;
};
const scenarioBody = () => ({
  name: `シナリオ${unique()}`,
  trigger: 'FOLLOW',
  steps: [{ delay: { amount: 1, unit: 'DAYS' }, messages: [{ type: 'text', text: 'ようこそ' }] }],
});
const scenarioEntries: Record<string, Entry> = {
  [`GET ${D}/scenarios`]: { kind: 'tenant', build: ofAccount },
  [`POST ${D}/scenarios`]: { kind: 'tenant', build: (x) => ({ ...ofAccount(x), body: scenarioBody() }) },
  [`GET ${D}/scenarios/:scenarioId`]: { kind: 'tenant', build: (x) => freshScenario(x) },
  [`PUT ${D}/scenarios/:scenarioId`]: {
    kind: 'tenant',
    build: async (x) => ({ ...(await freshScenario(x)), body: scenarioBody() }),
  },
  [`DELETE ${D}/scenarios/:scenarioId`]: { kind: 'tenant', build: (x) => freshScenario(x) },
  [`POST ${D}/scenarios/:scenarioId/enrolments`]: {
    kind: 'tenant',
    build: async (x) => ({ ...(await freshScenario(x)), body: { friendId: await freshFriend(x) } }),
  },
  [`GET ${D}/friends/:friendId/scenarios`]: {
    kind: 'tenant',
    build: async (x) => ({ path: { lineAccountId: x.lineAccount.id, friendId: await freshFriend(x) } }),
  },
};

/** Inflow routes (inflow module, 流入経路): a route or a friend of a tenant's account, written straight to the table. */
const freshRoute = async (x: Tenant) => {
  const [row] = await t.db
    .insert(inflowRoutes)
    .values({
      clientId: x.client.id,
      lineAccountId: x.lineAccount.id,
      name: '店頭POP',
      slug: `s${unique()}`.slice(0, 16).padEnd(16, 'x'),
    })
    .returning();
  return { path: { lineAccountId: x.lineAccount.id, routeId: row!.id } };
};
const freshFriendOfAccount = async (x: Tenant) => {
  const [row] = await t.db
    .insert(friends)
    .values({ clientId: x.client.id, lineAccountId: x.lineAccount.id, lineUserId: `U${unique()}` })
    .returning();
  return { path: { lineAccountId: x.lineAccount.id, friendId: row!.id } };
};
const inflowEntries: Record<string, Entry> = {
  [`GET ${D}/inflow-routes`]: { kind: 'tenant', build: ofAccount },
  [`GET ${D}/inflow-routes.csv`]: { kind: 'tenant', build: ofAccount },
  [`POST ${D}/inflow-routes`]: {
    kind: 'tenant',
    build: (x) => ({ ...ofAccount(x), body: { name: `経路${unique()}` } }),
  },
  [`PUT ${D}/inflow-routes/:routeId`]: {
    kind: 'tenant',
    build: async (x) => ({ ...(await freshRoute(x)), body: { name: '改名' } }),
  },
  [`DELETE ${D}/inflow-routes/:routeId`]: { kind: 'tenant', build: (x) => freshRoute(x) },
  [`GET ${D}/inflow-routes/:routeId/qr.png`]: { kind: 'tenant', build: (x) => freshRoute(x) },
  [`GET ${D}/inflow-routes/:routeId/qr.pdf`]: { kind: 'tenant', build: (x) => freshRoute(x) },
  [`GET ${D}/friends/:friendId/inflow-route`]: { kind: 'tenant', build: (x) => freshFriendOfAccount(x) },
  [`GET ${D}/friends/:friendId/rich-menu-taps`]: {
    kind: 'tenant',
    build: (x) => freshFriendOfAccount(x),
  },
  'GET /liff/api/v1/inflow/:slug': {
    kind: 'public',
    reason: 'a route URL names one route by an unguessable slug (inflow.test.ts)',
  },
  'POST /liff/api/v1/inflow/:slug/visit': {
    kind: 'public',
    reason: 'records a visit of a route by its slug; the LIFF ID token is verified (inflow.test.ts)',
  },
  'GET /liff/api/v1/inflow/:slug/login': {
    kind: 'public',
    reason: "sends a route's visitor to LINE Login with a signed state; records nothing (inflow.test.ts)",
  },
  'GET /liff/api/v1/inflow-login/callback': {
    kind: 'public',
    reason:
      'LINE Login comes back with a code and our HMAC-signed state naming the route; the ID token is verified with its nonce (inflow.test.ts)',
  },
  'GET /liff/api/v1/rich-menu-tap/:key': {
    kind: 'public',
    reason:
      "a uri area's hop names one area by an unguessable key; answers only the LIFF id (rich-menu-taps.test.ts)",
  },
  'POST /liff/api/v1/rich-menu-tap/:key': {
    kind: 'public',
    reason:
      "counts a tap of one area by its key (the LIFF ID token verified) and answers the owner's URL only",
  },
};

/** The session decides the tenant for CLIENT users; an AGENCY naming another agency's client gets 404. */
const sessionTenantForClients = (role: Role): Other => (role === 'CLIENT' ? 'ownData' : 'notFound');

/** The signed-in user's own e-mail and password, in every area: nothing of another tenant is reachable. */
const ownEmailChange: Entry = {
  kind: 'tenant',
  build: (_x, actor) => ({
    body: { email: email(), password: passwords.get(actor.userId) ?? TEST_PASSWORD },
  }),
  other: 'ownData',
};
const ownPasswordChange: Entry = {
  kind: 'tenant',
  build: (_x, actor) => {
    const oldPassword = passwords.get(actor.userId) ?? TEST_PASSWORD;
    const newPassword = `New-pass1${unique()}!`; // the digit: unique() may have none
    passwords.set(actor.userId, newPassword);
    return { body: { oldPassword, newPassword } };
  },
  other: 'ownData',
};

/** A friend of a tenant's account with a conversation (its last message stands for one id). */
const freshConversation = async (x: Tenant) => {
  const friend = await freshFriendOfAccount(x);
  await t.db.insert(conversations).values({
    friendId: friend.path.friendId,
    clientId: x.client.id,
    lineAccountId: x.lineAccount.id,
    lastMessageAt: new Date(),
    lastMessageId: 1,
    lastMessagePreview: 'こんにちは',
    lastMessageSource: 'user',
  });
  return friend;
};

/** A photo a friend of a tenant's account sent, fetched from LINE and stored (decision 0055-chat-media). */
const freshStoredPhoto = async (x: Tenant) => {
  const friend = await freshFriendOfAccount(x);
  const fileKey = `chat-media/${x.client.id}/${unique()}/content`;
  await fileStorageOf(t.config).put(fileKey, Buffer.from('photo'), 'image/jpeg');
  const [row] = await t.db
    .insert(messages)
    .values({
      clientId: x.client.id,
      lineAccountId: x.lineAccount.id,
      friendId: friend.path.friendId,
      type: 'image',
      contents: { id: `${unique()}` },
      source: 'user',
      delivery: 'RECEIVED',
      media: { status: 'STORED', fileKey, previewKey: null, contentType: 'image/jpeg', size: 5 },
    })
    .returning();
  return { path: { ...friend.path, messageId: row!.id, variant: 'content' } };
};

/** The チャット inbox of an account: its list, assignees and live stream (50 ms long in tests). */
const inboxEntries: Record<string, Entry> = {
  [`POST ${D}/inbox/:friendId/unread`]: { kind: 'tenant', build: freshConversation },
  [`POST ${D}/friends/:friendId/profile`]: {
    kind: 'accessOnly',
    reason: "asks LINE for the profile; another client's 404 in inbox.test.ts (with the LINE simulator)",
  },
  [`GET ${D}/friends/:friendId/messages/:messageId/:variant`]: { kind: 'tenant', build: freshStoredPhoto },
  [`GET ${D}/inbox`]: { kind: 'tenant', build: ofAccount },
  [`GET ${D}/inbox-assignees`]: { kind: 'tenant', build: ofAccount },
  [`GET ${D}/inbox-stream`]: { kind: 'tenant', build: ofAccount },
};

/** A rich menu row of a tenant's account (no LINE call), for the tap heat map's read (decision 0049). */
const freshRichMenu = async (x: Tenant) => {
  const [row] = await t.db
    .insert(richMenus)
    .values({
      clientId: x.client.id,
      lineAccountId: x.lineAccount.id,
      lineRichMenuId: `richmenu-${unique()}`,
      name: 'メニュー',
      width: 2500,
      height: 843,
      chatBarText: 'メニュー',
      areas: [],
      imageType: 'image/png',
      image: Buffer.from(TINY_PNG.split(',')[1]!, 'base64'),
    })
    .returning();
  return { path: { lineAccountId: x.lineAccount.id, richMenuId: row!.id }, query: { days: '7' } };
};

export const entries: Record<string, Entry> = {
  [`GET ${D}/rich-menu/:richMenuId/taps`]: { kind: 'tenant', build: freshRichMenu },
  ...deliveryEntries,
  ...tagEntries,
  ...inboxEntries,
  ...templateEntries,
  ...keywordReplyEntries,
  ...scenarioEntries,
  ...inflowEntries,
  // auth: no tenant data before the session exists; auth.test.ts and auth-session.test.ts cover every call
  'POST /auth/api/v1/session/login': { kind: 'public', reason: 'login' },
  'POST /auth/api/v1/session/logout': { kind: 'public', reason: 'ends the caller session only' },
  'POST /auth/api/v1/session/password/reset': { kind: 'public', reason: 'same answer for every address' },
  'POST /auth/api/v1/session/password/confirm': { kind: 'public', reason: 'token-bound' },
  'POST /auth/api/v1/session/verify/email': { kind: 'public', reason: 'token-bound' },
  'POST /auth/api/v1/session/verify/email/resend': {
    kind: 'public',
    reason: 'same answer for every address',
  },
  'GET /auth/api/v1/session/me': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'POST /auth/api/v1/session/client/signup': { kind: 'public', reason: 'creates a new tenant' },
  'GET /dev/api/v1/mails': { kind: 'accessOnly', reason: 'development mailbox: MASTER only (dev.test.ts)' },
  'POST /line/webhook/:lineAccountId': {
    kind: 'public',
    reason: 'LINE calls it; the X-Line-Signature authenticates (line-webhook.test.ts)',
  },

  // client area
  'GET /client/api/v1/session/me': { kind: 'tenant', build: () => ({}), other: sessionTenantForClients },
  'GET /client/api/v1/client': { kind: 'tenant', build: () => ({}), other: sessionTenantForClients },
  'GET /client/api/v1/users': { kind: 'tenant', build: () => ({}), other: sessionTenantForClients },
  'POST /client/api/v1/user': {
    kind: 'tenant',
    build: () => ({ body: { email: email(), position: 'STAFF', firstName: '次郎', lastName: '佐藤' } }),
    other: sessionTenantForClients,
  },
  'PATCH /client/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClientUser(x) }, body: { firstName: '改名' } }),
  },
  'DELETE /client/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClientUser(x) } }),
  },
  'PATCH /client/api/v1/client/update/email': ownEmailChange,
  'PATCH /client/api/v1/client/update/data': {
    kind: 'tenant',
    build: () => ({ body: { address, contactPerson: person() } }),
    other: sessionTenantForClients,
  },
  'PATCH /client/api/v1/client/update/password': ownPasswordChange,
  'GET /client/api/v1/announcements': { kind: 'tenant', build: () => ({}), other: sessionTenantForClients },
  'GET /client/api/v1/announcements/:id': {
    kind: 'tenant',
    build: async () => ({ path: { id: await freshAnnouncement() } }),
    other: sessionTenantForClients,
  },
  'GET /client/api/v1/line-account/:lineAccountId/dashboard': {
    kind: 'tenant',
    build: (x) => ({ path: { lineAccountId: x.lineAccount.id }, query: { days: '90' } }),
  },

  // master area: MASTER reaches every tenant; nobody else passes the permission check
  'GET /master/api/v1/users': {
    kind: 'tenant',
    build: (x) => ({ query: { clientId: String(x.client.id) } }),
  },
  'GET /master/api/v1/account': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'PATCH /master/api/v1/account/email': ownEmailChange,
  'PATCH /master/api/v1/account/password': ownPasswordChange,
  'GET /master/api/v1/user/:id': { kind: 'tenant', build: (x) => ({ path: { id: x.clientOwner.id } }) },
  'POST /master/api/v1/user': {
    kind: 'tenant',
    build: (x) => ({
      body: {
        email: email(),
        role: 'CLIENT',
        position: 'STAFF',
        firstName: '三郎',
        lastName: '鈴木',
        clientId: x.client.id,
      },
    }),
  },
  'PATCH /master/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClientUser(x) }, body: { position: 'MANAGER' } }),
  },
  'DELETE /master/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshAgencyUser(x) } }),
  },
  'PATCH /master/api/v1/user/:id/email': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClientUser(x) }, body: { email: email() } }),
  },
  'POST /master/api/v1/agency': {
    kind: 'tenant',
    build: () => ({ body: { name: `代理店${unique()}`, ...address, marginRate: 12.5 } }),
  },
  'GET /master/api/v1/agencies': { kind: 'tenant', build: () => ({}) },
  'GET /master/api/v1/agency/:id': { kind: 'tenant', build: (x) => ({ path: { id: x.agency.id } }) },
  'PATCH /master/api/v1/agency/:id': {
    kind: 'tenant',
    build: (x) => ({ path: { id: x.agency.id }, body: { marginRate: 10 } }),
  },
  'GET /master/api/v1/agency/:id/commissions': {
    kind: 'tenant',
    build: (x) => ({ path: { id: x.agency.id } }),
  },
  'POST /master/api/v1/client': {
    kind: 'tenant',
    build: (x) => ({ body: { agencyId: x.agency.id, ...signupBody() } }),
  },
  'PATCH /master/api/v1/client/:id': {
    kind: 'tenant',
    build: (x) => ({ path: { id: x.client.id }, body: { monthlyFee: 10000 } }),
  },
  'PATCH /master/api/v1/client/:id/contract-status': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClient(x) }, body: { contractStatus: 'SUSPENDED' } }),
  },
  'GET /master/api/v1/clients': {
    kind: 'tenant',
    build: (x) => ({ query: { agencyId: String(x.agency.id) } }),
  },
  'GET /master/api/v1/client/:id': { kind: 'tenant', build: (x) => ({ path: { id: x.client.id } }) },
  'POST /master/api/v1/client/:id/disable': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClient(x) }, body: { contractStatus: 'DISABLED' } }),
  },
  'POST /master/api/v1/client/:id/cancel': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshClient(x) }, body: { contractStatus: 'CANCELLED' } }),
  },
  'GET /master/api/v1/announcements': { kind: 'tenant', build: () => ({}) },
  'GET /master/api/v1/announcements/:id': {
    kind: 'tenant',
    build: async () => ({ path: { id: await freshAnnouncement() } }),
  },
  'POST /master/api/v1/announcements': {
    kind: 'tenant',
    build: () => ({ body: { title: 'メンテナンス', content: '本文', type: 'MAINTENANCE' } }),
  },
  'PATCH /master/api/v1/announcements/:id': {
    kind: 'tenant',
    build: async () => ({ path: { id: await freshAnnouncement() }, body: { title: '更新' } }),
  },
  'DELETE /master/api/v1/announcements/:id': {
    kind: 'tenant',
    build: async () => ({ path: { id: await freshAnnouncement() } }),
  },
  'GET /master/api/v1/audit-logs': {
    kind: 'tenant',
    build: (x) => ({ query: { clientId: String(x.client.id) } }),
  },
  'GET /master/api/v1/dashboard': { kind: 'tenant', build: () => ({}) },
  'GET /search/api/v1/master/list/clients': {
    kind: 'tenant',
    build: (x) => ({ query: { search: x.client.companyName } }),
  },

  // agency area: the agency comes from the session; ids of another agency's rows answer 404
  'GET /agency/api/v1/agency': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'GET /agency/api/v1/clients': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'GET /agency/api/v1/client/:id': { kind: 'tenant', build: (x) => ({ path: { id: x.client.id } }) },
  'POST /agency/api/v1/client/signup': {
    kind: 'tenant',
    build: () => ({ body: signupBody() }),
    other: 'ownData',
  },
  'GET /agency/api/v1/signup-link': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'GET /agency/api/v1/commissions': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'GET /agency/api/v1/dashboard': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'GET /agency/api/v1/account': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'PATCH /agency/api/v1/account/email': ownEmailChange,
  'PATCH /agency/api/v1/account/password': ownPasswordChange,
  'GET /agency/api/v1/users': { kind: 'tenant', build: () => ({}), other: 'ownData' },
  'POST /agency/api/v1/user': {
    kind: 'tenant',
    build: () => ({ body: { email: email(), position: 'STAFF', firstName: '四郎', lastName: '高橋' } }),
    other: 'ownData',
  },
  'PATCH /agency/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshAgencyUser(x) }, body: { phoneNumber: '0900000000' } }),
  },
  'DELETE /agency/api/v1/user/:id': {
    kind: 'tenant',
    build: async (x) => ({ path: { id: await freshAgencyUser(x) } }),
  },

  // endpoints of other modules: access checks here, tenancy in their own tests (make them 'tenant' entries)
  ...Object.fromEntries(
    [
      // lineAccounts
      'GET /client/api/v1/line-account',
      'GET /client/api/v1/line-account/:lineAccountId',
      'GET /client/api/v1/line-account/:lineAccountId/line-basic-id',
      'POST /client/api/v1/line-account',
      'PUT /client/api/v1/line-account/:lineAccountId',
      'DELETE /client/api/v1/line-account/:lineAccountId',
      'GET /client/api/v1/webhook/:lineAccountId',
      'POST /client/api/v1/webhook/:lineAccountId',
      // masterLineAccounts
      'POST /master/api/v1/line',
      'GET /master/api/v1/lines/client/:clientId',
      'GET /master/api/v1/line/:lineAccountId/client/:clientId',
      'DELETE /master/api/v1/line/:lineAccountId/client/:clientId',
      'GET /master/api/v1/webhook/:lineAccountId/client/:clientId',
      'POST /master/api/v1/webhook/:lineAccountId/client/:clientId',
      'GET /search/api/v1/master/list/line-oa',
      // services
      'GET /client/api/v1/service',
      'GET /client/api/v1/service/:serviceCode',
      'POST /client/api/v1/line-account/:lineAccountId/lineAccountService',
      // friends
      'GET /client/api/v1/line-account/:lineAccountId/friends',
      'GET /client/api/v1/line-account/:lineAccountId/friends/:friendId',
      'POST /client/api/v1/line-account/:lineAccountId/friend-manager-note',
      'GET /client/api/v1/line-account/:lineAccountId/friends/:friendId/messages',
      'POST /client/api/v1/line-account/:lineAccountId/friends/:friendId/messages',
      'POST /search/api/v1/client/line-account/:lineAccountId/list/friends',
      // shift
      'GET /shift/api/v1/store/',
      'GET /shift/api/v1/store/:storeId',
      'GET /shift/api/v1/store/:storeId/settings',
      'PUT /shift/api/v1/store/:storeId/settings',
      'POST /shift/api/v1/store/:storeId/staff/helper',
      'GET /shift/api/v1/store/:storeId/staff',
      'POST /shift/api/v1/store/:storeId/staff/status',
      'PATCH /shift/api/v1/store/:storeId/staff/bulk-approve',
      'DELETE /shift/api/v1/store/:storeId/staff/bulk-delete',
      'GET /shift/api/v1/store/:storeId/staff/:staffId',
      'PATCH /shift/api/v1/store/:storeId/staff/:staffId',
      'POST /shift/api/v1/store/:storeId/staff/:staffId/remark',
      'GET /shift/api/v1/store/:storeId/staff/remarks/:date',
      'GET /shift/api/v1/store/:storeId/staff/:staffId/remark/:date',
      'POST /shift/api/v1/store/:storeId/staff/monthly-hours',
      'POST /shift/api/v1/store/:storeId/staff/daily-hours',
      'POST /shift/api/v1/store/:storeId/normal-rule',
      'GET /shift/api/v1/store/:storeId/normal-rule',
      'GET /shift/api/v1/store/:storeId/normal-rule/:id',
      'PUT /shift/api/v1/store/:storeId/normal-rule',
      'POST /shift/api/v1/store/:storeId/special-rule',
      'GET /shift/api/v1/store/:storeId/special-rule',
      'GET /shift/api/v1/store/:storeId/special-rule/:id',
      'PUT /shift/api/v1/store/:storeId/special-rule/:id',
      'DELETE /shift/api/v1/store/:storeId/special-rule/:id',
      'GET /shift/api/v1/store/:storeId/shift-closure',
      'PUT /shift/api/v1/store/:storeId/shift-closure',
      'GET /shift/api/v1/store/:storeId/shift-pattern',
      'POST /shift/api/v1/store/:storeId/shift-pattern',
      'GET /shift/api/v1/store/:storeId/shift-pattern/:id',
      'PUT /shift/api/v1/store/:storeId/shift-pattern/:id',
      'DELETE /shift/api/v1/store/:storeId/shift-pattern/:id',
      'GET /shift/api/v1/store/:storeId/staff-shift/monthly',
      'GET /shift/api/v1/store/:storeId/staff-shift/monthly/csv',
      'GET /shift/api/v1/store/:storeId/staff-shift/daily',
      'GET /shift/api/v1/store/:storeId/staff-shift',
      'PUT /shift/api/v1/store/:storeId/staff-shift/save-shift',
      'PUT /shift/api/v1/store/:storeId/staff-shift/approve-draft',
      'GET /shift/api/v1/store/:storeId/staff-shift/:id',
      'PUT /shift/api/v1/store/:storeId/staff-shift/:id',
      // shiftLiff
      'GET /shift/api/v1/liff/store/:storeId/me',
      'POST /shift/api/v1/liff/store/:storeId/staff',
      'GET /shift/api/v1/liff/store/:storeId/period',
      'GET /shift/api/v1/liff/store/:storeId/requests',
      'PUT /shift/api/v1/liff/store/:storeId/requests',
      'GET /shift/api/v1/liff/store/:storeId/shifts',
      'GET /shift/api/v1/liff/store/:storeId/approved-shifts',
      'GET /shift/api/v1/liff/store/:storeId/remarks',
    ].map((key) => [key, { kind: 'accessOnly', reason: 'tenancy covered by its module tests' } as const]),
  ),
};
