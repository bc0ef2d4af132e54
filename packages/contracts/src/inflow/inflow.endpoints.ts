import { z } from 'zod';
import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { allow, defineEndpoint, publicAccess } from '../common/endpoint.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  friendInflowSchema,
  inflowFriendParamsSchema,
  inflowLandingSchema,
  inflowLoginCallbackQuerySchema,
  inflowReportQuerySchema,
  inflowReportSchema,
  inflowRouteBodySchema,
  inflowRouteParamsSchema,
  inflowRouteSchema,
  inflowSlugParamsSchema,
  inflowVisitBodySchema,
  inflowVisitResultSchema,
} from './inflow.schemas.ts';

const tags = ['inflow'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId`;
const read = { tags, access: allow('client.read'), clientScoped: true } as const;
const manage = { tags, access: allow('client.manage'), clientScoped: true } as const;

/** 流入経路 of a LINE account (client area): routes, their figures, QR codes and the CSV (decision 0038). */
export const inflowEndpoints = {
  report: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/inflow-routes`,
    summary: 'The routes with their figures over the last days, and visits and new friends per day',
    params: lineAccountParamsSchema,
    query: inflowReportQuerySchema,
    responses: { 200: inflowReportSchema },
  }),
  reportCsv: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/inflow-routes.csv`,
    summary: 'The routes and their figures as CSV (UTF-8 with BOM)',
    params: lineAccountParamsSchema,
    query: inflowReportQuerySchema,
    produces: ['text/csv'],
    responses: { 200: z.string() },
  }),
  create: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/inflow-routes`,
    summary: 'Create a route (its URL gets an unguessable slug)',
    params: lineAccountParamsSchema,
    body: inflowRouteBodySchema,
    responses: { 201: inflowRouteSchema },
  }),
  update: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${base}/inflow-routes/:routeId`,
    summary: "Change a route's name, on/off and tags",
    params: inflowRouteParamsSchema,
    body: inflowRouteBodySchema,
    responses: { 200: inflowRouteSchema },
  }),
  remove: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: `${base}/inflow-routes/:routeId`,
    summary: 'Delete a route (its URL stops answering; its figures go)',
    params: inflowRouteParamsSchema,
    responses: { 200: z.object({ success: z.literal(true) }) },
  }),
  qrPng: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/inflow-routes/:routeId/qr.png`,
    summary: "The route URL's QR code as a PNG",
    params: inflowRouteParamsSchema,
    produces: ['image/png'],
    responses: { 200: z.any() },
  }),
  qrPdf: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/inflow-routes/:routeId/qr.pdf`,
    summary: "The route's printable QR code (A4 PDF with the account and route names)",
    params: inflowRouteParamsSchema,
    produces: ['application/pdf'],
    responses: { 200: z.any() },
  }),
  friendRoute: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/friends/:friendId/inflow-route`,
    summary: 'The route a friend came through',
    params: inflowFriendParamsSchema,
    responses: { 200: friendInflowSchema },
  }),
} as const;

/** The route's landing (public: anyone who scans the QR code); a slug names one route and nothing else. */
export const inflowLandingEndpoints = {
  landing: defineEndpoint({
    tags,
    access: publicAccess,
    method: 'GET',
    path: '/liff/api/v1/inflow/:slug',
    summary:
      "A route's landing: the account's name, its add-friend URL and the LIFF that identifies the visitor",
    params: inflowSlugParamsSchema,
    responses: { 200: inflowLandingSchema },
  }),
  visit: defineEndpoint({
    tags,
    access: publicAccess,
    method: 'POST',
    path: '/liff/api/v1/inflow/:slug/visit',
    summary: 'Record a visit of the route (the LINE user of the LIFF ID token, if given)',
    params: inflowSlugParamsSchema,
    body: inflowVisitBodySchema,
    responses: { 200: inflowVisitResultSchema },
  }),
  login: defineEndpoint({
    tags,
    access: publicAccess,
    method: 'GET',
    path: '/liff/api/v1/inflow/:slug/login',
    summary:
      "Identify the visitor through LINE Login (the account has no LIFF): 302 to LINE's authorize screen with a signed state",
    params: inflowSlugParamsSchema,
    responses: { 302: z.null() },
  }),
  loginCallback: defineEndpoint({
    tags,
    access: publicAccess,
    method: 'GET',
    path: '/liff/api/v1/inflow-login/callback',
    summary:
      "LINE Login's redirect back: checks the state, exchanges the code, records the visit and 302 to the add-friend screen",
    query: inflowLoginCallbackQuerySchema,
    responses: { 302: z.null() },
  }),
} as const;
