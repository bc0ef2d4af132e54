import { z } from 'zod';
import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { failureBodySchema, okBodySchema } from '../common/errors.ts';
import { allow, defineEndpoint, liffAccess } from '../common/endpoint.ts';
import { liffNotFollowingSchema } from '../common/liff.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  createMemberAttributeBodySchema,
  exportMembersQuerySchema,
  liffMemberFailureSchema,
  liffMemberSchema,
  liffMemberStateSchema,
  listMembersQuerySchema,
  memberAttributeParamsSchema,
  memberAttributeSchema,
  memberDetailSchema,
  memberImageOfMemberParamsSchema,
  memberImageParamsSchema,
  memberImageSchema,
  uploadMemberImageBodySchema,
  memberListSchema,
  memberParamsSchema,
  memberSettingsSchema,
  memberStoreParamsSchema,
  registerMemberBodySchema,
  reorderMemberAttributesBodySchema,
  updateMemberAttributeBodySchema,
  updateMemberRemarksBodySchema,
  updateMemberSettingsBodySchema,
  updateMemberStatusBodySchema,
} from './members.schemas.ts';

const tags = ['members'];
/** Personal data of members: the client's users read it, MASTER with x-client-id; agencies do not. */
const read = { access: allow('member.read'), clientScoped: true, tags } as const;
/** Day-to-day work on a member (remarks): every client user. */
const work = { access: allow('member.work'), clientScoped: true, tags } as const;
/** The store's member set-up, a member's status and the export: OWNER and MANAGER. */
const manage = { access: allow('member.manage'), clientScoped: true, tags } as const;
const A = `${CLIENT_PREFIX}/line-account/:lineAccountId/member-service`;

/** Client area: the member service of one LINE account (its KS-001 store). */
export const memberEndpoints = {
  list: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${CLIENT_PREFIX}/member`,
    summary: 'Members of a LINE account (paged, filter by attribute label and value, search, sort)',
    query: listMembersQuerySchema,
    responses: { 200: memberListSchema },
  }),
  exportCsv: defineEndpoint({
    ...manage,
    method: 'GET',
    path: `${A}/members.csv`,
    summary: 'The member list as CSV (UTF-8 with BOM), one column per attribute; the list filters apply',
    params: lineAccountParamsSchema,
    query: exportMembersQuerySchema.omit({ lineAccountId: true }),
    produces: ['text/csv'],
    responses: { 200: z.string() },
  }),
  get: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${A}/members/:memberId`,
    summary: 'One member with every value (drawer)',
    params: memberParamsSchema,
    responses: { 200: memberDetailSchema },
  }),
  image: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${A}/members/:memberId/images/:imageKey`,
    summary: "One of the member's uploaded images (image/jpeg, image/png or image/webp)",
    params: memberImageOfMemberParamsSchema,
    produces: ['image/jpeg', 'image/png', 'image/webp'],
    responses: { 200: z.any() },
  }),
  updateStatus: defineEndpoint({
    ...manage,
    method: 'PATCH',
    path: `${A}/members/:memberId/status`,
    summary: "Set a member's status (ACTIVE, INACTIVE)",
    params: memberParamsSchema,
    body: updateMemberStatusBodySchema,
    responses: { 200: memberDetailSchema },
  }),
  updatePrivateValues: defineEndpoint({
    ...work,
    method: 'PUT',
    path: `${A}/members/:memberId/values`,
    summary: "Replace a member's PRIVATE (back-office) values, checked like the registration form",
    params: memberParamsSchema,
    body: registerMemberBodySchema,
    responses: { 200: memberDetailSchema },
  }),
  updateRemarks: defineEndpoint({
    ...work,
    method: 'PATCH',
    path: `${A}/members/:memberId/remarks`,
    summary: "Set a member's remarks (null clears them)",
    params: memberParamsSchema,
    body: updateMemberRemarksBodySchema,
    responses: { 200: memberDetailSchema },
  }),
  getSettings: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${A}/settings`,
    summary: 'Store member settings (member card, registration, how the code shows)',
    params: lineAccountParamsSchema,
    responses: { 200: memberSettingsSchema },
  }),
  updateSettings: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${A}/settings`,
    summary: 'Change the store member settings',
    params: lineAccountParamsSchema,
    body: updateMemberSettingsBodySchema,
    responses: { 200: memberSettingsSchema },
  }),
  listAttributes: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${A}/attributes`,
    summary: 'Attribute definitions with their choices, in display order',
    params: lineAccountParamsSchema,
    responses: { 200: z.array(memberAttributeSchema) },
  }),
  createAttribute: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${A}/attributes`,
    summary: 'Add an attribute definition (last unless displayOrder is given)',
    params: lineAccountParamsSchema,
    body: createMemberAttributeBodySchema,
    responses: { 201: memberAttributeSchema },
  }),
  reorderAttributes: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${A}/attributes/order`,
    summary: 'Put every attribute in a new order (drag and drop)',
    params: lineAccountParamsSchema,
    body: reorderMemberAttributesBodySchema,
    responses: { 200: z.array(memberAttributeSchema) },
  }),
  updateAttribute: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${A}/attributes/:attributeId`,
    summary: 'Change an attribute definition and its choices',
    params: memberAttributeParamsSchema,
    body: updateMemberAttributeBodySchema,
    responses: { 200: memberAttributeSchema },
  }),
  deleteAttribute: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: `${A}/attributes/:attributeId`,
    summary: 'Delete an attribute (refused when members hold values or it is not deletable)',
    params: memberAttributeParamsSchema,
    responses: { 200: okBodySchema },
  }),
} as const;

/**
 * The member mini-app (/member-liff/api/v1). No session: each call carries
 * `Authorization: Bearer <LIFF ID token>`, verified with LINE (or the simulator) before anything else.
 */
const M = '/member-liff/api/v1/store/:storeId';
const liff = { access: liffAccess('member'), tags: ['member-liff'] } as const;

export const memberLiffEndpoints = {
  getMember: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${M}/members`,
    summary: "The caller's member card data; 422 (same fields, and the reason) when there is none to show",
    params: memberStoreParamsSchema,
    responses: { 200: liffMemberSchema, 422: z.union([liffMemberFailureSchema, liffNotFollowingSchema]) },
  }),
  getMemberState: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${M}/member-state`,
    summary:
      "The caller's member card data, or why there is none (not a member yet, not registered, fields missing), as a 200",
    params: memberStoreParamsSchema,
    responses: { 200: liffMemberStateSchema, 422: liffNotFollowingSchema },
  }),
  register: defineEndpoint({
    ...liff,
    method: 'POST',
    path: `${M}/members/`,
    summary:
      'Register, or change own values (all or nothing); 422 with the reason when the member is INACTIVE, or with the fields a registration still needs',
    params: memberStoreParamsSchema,
    body: registerMemberBodySchema,
    responses: {
      200: liffMemberSchema,
      422: z.union([liffMemberFailureSchema, liffNotFollowingSchema, failureBodySchema]),
    },
  }),
  uploadImage: defineEndpoint({
    ...liff,
    method: 'POST',
    path: `${M}/images`,
    summary: 'Upload an image for an IMAGE attribute (JPEG, PNG or WebP, at most 5 MB; re-encoded)',
    params: memberStoreParamsSchema,
    body: uploadMemberImageBodySchema,
    responses: { 201: memberImageSchema },
  }),
  image: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${M}/images/:imageKey`,
    summary: "One of the caller's own uploaded images",
    params: memberImageParamsSchema,
    produces: ['image/jpeg', 'image/png', 'image/webp'],
    responses: { 200: z.any() },
  }),
  getSettings: defineEndpoint({
    ...liff,
    method: 'GET',
    path: M,
    summary: 'Store member settings',
    params: memberStoreParamsSchema,
    responses: { 200: memberSettingsSchema },
  }),
  listAttributes: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${M}/attributes`,
    summary: 'The registration form: PUBLIC attribute definitions with choices',
    params: memberStoreParamsSchema,
    responses: { 200: z.array(memberAttributeSchema.omit({ valueCount: true })) },
  }),
} as const;
