import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.ts';
import { S, manage, read } from './shift.paths.ts';
import {
  acceptAutoDraftBodySchema,
  acceptAutoDraftResultSchema,
  autoDraftBodySchema,
  autoDraftResultSchema,
} from './auto-draft.schemas.ts';
import { shiftStoreItemParamsSchema, shiftStoreParamsSchema } from './shift.schemas.ts';
import {
  approveDraftBodySchema,
  approveDraftResultSchema,
  dailyShiftsSchema,
  listShiftsQuerySchema,
  monthlyShiftsSchema,
  saveShiftBodySchema,
  saveShiftResultSchema,
  shiftMonthlyQuerySchema,
  shiftRangeQuerySchema,
  staffShiftSchema,
  updateShiftBodySchema,
} from './shifts.schemas.ts';

/** Staff shifts: the shift table, saving drafts, approving, one shift. */
export const staffShiftEndpoints = {
  monthlyShifts: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${S}/staff-shift/monthly`,
    summary: 'The shift table of a month: staff and every shift starting in it',
    params: shiftStoreParamsSchema,
    query: shiftMonthlyQuerySchema,
    responses: { 200: monthlyShiftsSchema },
  }),
  dailyShifts: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${S}/staff-shift/daily`,
    summary: 'Shifts starting in [startAtMin, startAtMax), grouped by store-local day',
    params: shiftStoreParamsSchema,
    query: shiftRangeQuerySchema,
    responses: { 200: dailyShiftsSchema },
  }),
  listShifts: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${S}/staff-shift`,
    summary: 'Shifts starting in [startAtMin, startAtMax), optionally by status and manager note',
    params: shiftStoreParamsSchema,
    query: listShiftsQuerySchema,
    responses: { 200: z.array(staffShiftSchema) },
  }),
  saveShifts: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${S}/staff-shift/save-shift`,
    summary: 'Move shifts between REQUEST and DRAFT and create drafts, all or nothing',
    params: shiftStoreParamsSchema,
    body: saveShiftBodySchema,
    responses: { 200: saveShiftResultSchema },
  }),
  approveDrafts: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${S}/staff-shift/approve-draft`,
    summary: 'DRAFT -> APPROVED (isApprove, default) or APPROVED -> DRAFT inside the window',
    params: shiftStoreParamsSchema,
    body: approveDraftBodySchema,
    responses: { 200: approveDraftResultSchema },
  }),
  autoDraft: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${S}/staff-shift/auto-draft`,
    summary:
      'Propose drafts for the window from requests and rules, with the reasons of every gap (saves nothing)',
    params: shiftStoreParamsSchema,
    body: autoDraftBodySchema,
    responses: { 200: autoDraftResultSchema },
  }),
  acceptAutoDraft: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${S}/staff-shift/auto-draft/accept`,
    summary: 'Save the proposed drafts through save-shift; 409 when the shifts changed since the preview',
    params: shiftStoreParamsSchema,
    body: acceptAutoDraftBodySchema,
    responses: { 200: acceptAutoDraftResultSchema },
  }),
  getShift: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${S}/staff-shift/:id`,
    summary: 'One shift',
    params: shiftStoreItemParamsSchema,
    responses: { 200: staffShiftSchema },
  }),
  updateShift: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${S}/staff-shift/:id`,
    summary: "Change a shift's times, rest flag or manager note (partial)",
    params: shiftStoreItemParamsSchema,
    body: updateShiftBodySchema,
    responses: { 200: staffShiftSchema },
  }),
};
