import { z } from 'zod';
import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { allow, defineEndpoint, publicAccess } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import {
  createRichMenuBodySchema,
  createTabbedRichMenuBodySchema,
  friendRichMenuTapsSchema,
  richMenuFriendParamsSchema,
  richMenuPreviewBodySchema,
  richMenuPreviewSchema,
  tabbedPreviewSchema,
  tabbedRichMenuParamsSchema,
  tabbedRichMenuSchema,
  richMenuAccountParamsSchema,
  richMenuListSchema,
  richMenuParamsSchema,
  richMenuSchema,
  richMenuTapHopBodySchema,
  richMenuTapHopParamsSchema,
  richMenuTapHopResultSchema,
  richMenuTapHopSchema,
  richMenuTapsQuerySchema,
  richMenuTapsSchema,
  putRichMenuRulesBodySchema,
  richMenuRulesSchema,
  setDefaultRichMenuQuerySchema,
  updateRichMenuBodySchema,
} from './rich-menus.schemas.ts';

const tags = ['rich-menus'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId/rich-menu`;
const read = { tags, access: allow('client.read'), clientScoped: true } as const;
const manage = { tags, access: allow('client.manage'), clientScoped: true } as const;

/**
 * Rich menus of a LINE account (SPEC.md 7). A menu lives at LINE; our row keeps LINE's richMenuId, the
 * uploaded image and who changed it. Managers (OWNER, MANAGER) change them; every client user reads.
 */
export const richMenuEndpoints = {
  list: defineEndpoint({
    ...read,
    method: 'GET',
    path: base,
    summary: "The account's rich menus (newest first), with which one is the default",
    params: richMenuAccountParamsSchema,
    responses: { 200: richMenuListSchema },
  }),
  setDefault: defineEndpoint({
    ...manage,
    method: 'GET',
    path: `${base}/default`,
    summary:
      'Set the default rich menu (SPEC.md: a GET; refused unless the request is same-origin, docs/decisions/0011)',
    params: richMenuAccountParamsSchema,
    query: setDefaultRichMenuQuerySchema,
    responses: { 200: richMenuSchema },
  }),
  get: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/:richMenuId`,
    summary: 'One rich menu',
    params: richMenuParamsSchema,
    responses: { 200: richMenuSchema },
  }),
  taps: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/:richMenuId/taps`,
    summary:
      "Taps on each area of the menu and the friends who tapped, over the last 7, 30 or 90 days (the heat map's figures)",
    params: richMenuParamsSchema,
    query: richMenuTapsQuerySchema,
    responses: { 200: richMenuTapsSchema },
  }),
  friendTaps: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/friends/:friendId/rich-menu-taps`,
    summary: "A friend's rich menu taps: per menu area, how often and when last (the friend drawer)",
    params: richMenuFriendParamsSchema,
    responses: { 200: friendRichMenuTapsSchema },
  }),
  image: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/:richMenuId/image`,
    summary: 'The image uploaded for the rich menu (image/png or image/jpeg)',
    params: richMenuParamsSchema,
    produces: ['image/png', 'image/jpeg'],
    responses: { 200: z.any() },
  }),
  create: defineEndpoint({
    ...manage,
    method: 'POST',
    path: base,
    summary: 'Create a rich menu at LINE with its image (data URL); every limit is checked first',
    params: richMenuAccountParamsSchema,
    body: createRichMenuBodySchema,
    responses: { 201: richMenuSchema },
  }),
  update: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${base}/:richMenuId`,
    summary:
      'Replace a rich menu: a new menu at LINE takes over the default and aliases before the old one is deleted',
    params: richMenuParamsSchema,
    body: updateRichMenuBodySchema,
    responses: { 200: richMenuSchema },
  }),
  preview: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/preview`,
    summary:
      "The image the server draws from the areas' labels (a PNG data URL), as drawImage makes it; changes nothing",
    params: richMenuAccountParamsSchema,
    body: richMenuPreviewBodySchema,
    responses: { 200: richMenuPreviewSchema },
  }),
  createTabbed: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/tabbed`,
    summary:
      'Tabbed rich menu: the server draws each tab, makes one menu per tab with switch areas and aliases; all or nothing at LINE',
    params: richMenuAccountParamsSchema,
    body: createTabbedRichMenuBodySchema,
    responses: { 201: tabbedRichMenuSchema },
  }),
  previewTabbed: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/tabbed/preview`,
    summary: "Each tab's image as the server draws it (PNG data URLs); changes nothing",
    params: richMenuAccountParamsSchema,
    body: createTabbedRichMenuBodySchema,
    responses: { 200: tabbedPreviewSchema },
  }),
  getTabbed: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/tabbed/:groupId`,
    summary:
      'A tabbed rich menu as one thing: its tabs as they were sent, each with its image, and its menus',
    params: tabbedRichMenuParamsSchema,
    responses: { 200: tabbedRichMenuSchema },
  }),
  updateTabbed: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${base}/tabbed/:groupId`,
    summary:
      'Edit a tabbed rich menu as a whole: every tab made again at LINE, aliases and the default moved, then the old menus deleted',
    params: tabbedRichMenuParamsSchema,
    body: createTabbedRichMenuBodySchema,
    responses: { 200: tabbedRichMenuSchema },
  }),
  rules: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/rich-menu-rules`,
    summary:
      'The rich menu per tag or saved segment: rules in priority order, friends still to be linked, friends per menu',
    params: richMenuAccountParamsSchema,
    responses: { 200: richMenuRulesSchema },
  }),
  putRules: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${CLIENT_PREFIX}/line-account/:lineAccountId/rich-menu-rules`,
    summary:
      "Replace the rules (priority order); every following friend is evaluated again and linked at LINE by the account's link job",
    params: richMenuAccountParamsSchema,
    body: putRichMenuRulesBodySchema,
    responses: { 200: richMenuRulesSchema },
  }),
  delete: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: `${base}/:richMenuId`,
    summary: 'Delete a rich menu at LINE and here',
    params: richMenuParamsSchema,
    responses: { 200: okBodySchema },
  }),
} as const;

/**
 * The tap hop of rich menus' uri areas (public: whoever taps; decision 0049 addendum). A key names one area
 * of one menu and nothing else; the answer is only the owner's URL of that area.
 */
export const richMenuTapHopEndpoints = {
  start: defineEndpoint({
    tags,
    access: publicAccess,
    method: 'GET',
    path: '/liff/api/v1/rich-menu-tap/:key',
    summary: "A uri area's hop: the LIFF that names who tapped",
    params: richMenuTapHopParamsSchema,
    responses: { 200: richMenuTapHopSchema },
  }),
  tap: defineEndpoint({
    tags,
    access: publicAccess,
    method: 'POST',
    path: '/liff/api/v1/rich-menu-tap/:key',
    summary: 'Record a tap of a uri area (the friend of the LIFF ID token, if given) and answer its URL',
    params: richMenuTapHopParamsSchema,
    body: richMenuTapHopBodySchema,
    responses: { 200: richMenuTapHopResultSchema },
  }),
} as const;
