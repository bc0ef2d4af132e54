import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { allow, defineEndpoint, liffAccess } from '../common/endpoint.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  ledgerEntryParamsSchema,
  liffMemberCardSchema,
  memberCodeParamsSchema,
  memberCounterActionBodySchema,
  memberCounterCardSchema,
  memberProgramBodySchema,
  memberProgramOrNullSchema,
  memberProgramSchema,
  memberReversalBodySchema,
} from './member-card.schemas.ts';
import { memberParamsSchema, memberStoreParamsSchema } from './members.schemas.ts';

const tags = ['member-card'];
const read = { access: allow('member.read'), clientScoped: true, tags } as const;
/** The counter: every client user (staff scan, add and redeem). */
const work = { access: allow('member.work'), clientScoped: true, tags } as const;
/** The programme and reversals: OWNER and MANAGER. */
const manage = { access: allow('member.manage'), clientScoped: true, tags } as const;
const A = `${CLIENT_PREFIX}/line-account/:lineAccountId/member-service`;

/** Client area: the member card that earns (issue 33). */
export const memberCardEndpoints = {
  getProgram: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${A}/program`,
    summary: "The store's point or stamp programme and its ranks (null when none is set)",
    params: lineAccountParamsSchema,
    responses: { 200: memberProgramOrNullSchema },
  }),
  putProgram: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${A}/program`,
    summary: "Set the store's point or stamp programme and its ranks",
    params: lineAccountParamsSchema,
    body: memberProgramBodySchema,
    responses: { 200: memberProgramSchema },
  }),
  scan: defineEndpoint({
    ...work,
    method: 'GET',
    path: `${A}/card/:memberCode`,
    summary: 'The counter: a member by the code of their card, with rank, balance and recent history',
    params: memberCodeParamsSchema,
    responses: { 200: memberCounterCardSchema },
  }),
  card: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${A}/members/:memberId/card`,
    summary: "A member's standing and history",
    params: memberParamsSchema,
    responses: { 200: memberCounterCardSchema },
  }),
  act: defineEndpoint({
    ...work,
    method: 'POST',
    path: `${A}/members/:memberId/ledger`,
    summary: 'The counter: add a visit, points for an amount, or redeem a reward (one ledger row)',
    params: memberParamsSchema,
    body: memberCounterActionBodySchema,
    responses: { 201: memberCounterCardSchema },
  }),
  reverse: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${A}/members/:memberId/ledger/:entryId/reversal`,
    summary: 'Reverse a ledger row with a reversing row (never an edit); once per row',
    params: ledgerEntryParamsSchema,
    body: memberReversalBodySchema,
    responses: { 201: memberCounterCardSchema },
  }),
} as const;

const M = '/member-liff/api/v1/store/:storeId';
const liff = { access: liffAccess('member'), tags: ['member-liff'] } as const;

export const memberCardLiffEndpoints = {
  getCard: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${M}/card`,
    summary: "The caller's points or stamps, rank and progress to the next, and history",
    params: memberStoreParamsSchema,
    responses: { 200: liffMemberCardSchema },
  }),
} as const;
