import { defineEndpoint } from '../common/endpoint.ts';
import { pageSchema } from '../common/pagination.ts';
import { S, SHIFT_PREFIX, manage, read } from './shift.paths.ts';
import {
  listShiftStoresQuerySchema,
  reminderSettingsBodySchema,
  reminderSettingsSchema,
  shiftClosureSchema,
  shiftStoreSchema,
  updateShiftClosureBodySchema,
} from './settings.schemas.ts';
import { shiftStoreParamsSchema } from './shift.schemas.ts';

/** Shift stores, their reminder settings and closure setting. */
export const shiftSettingsEndpoints = {
  listStores: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${SHIFT_PREFIX}/store/`,
    summary: 'Shift stores of the client (paged)',
    query: listShiftStoresQuerySchema,
    responses: { 200: pageSchema(shiftStoreSchema) },
  }),
  getStore: defineEndpoint({
    ...read,
    method: 'GET',
    path: S,
    summary: 'One shift store',
    params: shiftStoreParamsSchema,
    responses: { 200: shiftStoreSchema },
  }),
  getReminderSettings: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${S}/settings`,
    summary: 'The three submission reminders',
    params: shiftStoreParamsSchema,
    responses: { 200: reminderSettingsSchema },
  }),
  updateReminderSettings: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${S}/settings`,
    summary: 'Set the three submission reminders (re-plans the reminder jobs)',
    params: shiftStoreParamsSchema,
    body: reminderSettingsBodySchema,
    responses: { 200: reminderSettingsSchema },
  }),
  getShiftClosure: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${S}/shift-closure`,
    summary: 'Closure pattern and dates, time division, publishing; with the open period',
    params: shiftStoreParamsSchema,
    responses: { 200: shiftClosureSchema },
  }),
  updateShiftClosure: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${S}/shift-closure`,
    summary: 'Change the closure setting (fields left out keep their value; re-plans reminders)',
    params: shiftStoreParamsSchema,
    body: updateShiftClosureBodySchema,
    responses: { 200: shiftClosureSchema },
  }),
};
