import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.ts';
import { pageSchema } from '../common/pagination.ts';
import { S, manage, read } from './shift.paths.ts';
import {
  remarkDateParamsSchema,
  shiftStaffParamsSchema,
  shiftStoreParamsSchema,
  staffRemarkParamsSchema,
} from './shift.schemas.ts';
import {
  bulkStaffResultSchema,
  createHelperBodySchema,
  listShiftStaffQuerySchema,
  saveRemarkBodySchema,
  shiftHelperSchema,
  shiftStaffSchema,
  staffIdsBodySchema,
  staffRemarkSchema,
  updateStaffBodySchema,
  updateStaffStatusBodySchema,
} from './staff.schemas.ts';

/** Staff of a store and their day remarks. */
export const shiftStaffEndpoints = {
  createHelper: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${S}/staff/helper`,
    summary: 'Add a helper (approved staff without LINE)',
    params: shiftStoreParamsSchema,
    body: createHelperBodySchema,
    responses: { 201: shiftHelperSchema },
  }),
  listStaff: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${S}/staff`,
    summary: 'Staff of the store (paged, optional status)',
    params: shiftStoreParamsSchema,
    query: listShiftStaffQuerySchema,
    responses: { 200: pageSchema(shiftStaffSchema) },
  }),
  updateStaffStatus: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${S}/staff/status`,
    summary: "Set a friend's staff status; APPROVED creates the staff record if missing",
    params: shiftStoreParamsSchema,
    body: updateStaffStatusBodySchema,
    responses: { 200: shiftStaffSchema },
  }),
  bulkApproveStaff: defineEndpoint({
    ...manage,
    method: 'PATCH',
    path: `${S}/staff/bulk-approve`,
    summary: 'Approve staff (all or nothing)',
    params: shiftStoreParamsSchema,
    body: staffIdsBodySchema,
    responses: { 200: bulkStaffResultSchema },
  }),
  bulkDeleteStaff: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: `${S}/staff/bulk-delete`,
    summary: 'Delete staff with their shifts and remarks (all or nothing)',
    params: shiftStoreParamsSchema,
    body: staffIdsBodySchema,
    responses: { 200: bulkStaffResultSchema },
  }),
  getStaff: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${S}/staff/:staffId`,
    summary: 'One staff member',
    params: shiftStaffParamsSchema,
    responses: { 200: shiftStaffSchema },
  }),
  updateStaff: defineEndpoint({
    ...manage,
    method: 'PATCH',
    path: `${S}/staff/:staffId`,
    summary: 'Employee number and manager notes of a staff member',
    params: shiftStaffParamsSchema,
    body: updateStaffBodySchema,
    responses: { 200: shiftStaffSchema },
  }),
  saveRemark: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${S}/staff/:staffId/remark`,
    summary: "Set a staff member's remark for a day (one per day)",
    params: shiftStaffParamsSchema,
    body: saveRemarkBodySchema,
    responses: { 200: staffRemarkSchema },
  }),
  listRemarksOfDate: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${S}/staff/remarks/:date`,
    summary: 'Remarks of every staff member for a day',
    params: remarkDateParamsSchema,
    responses: { 200: z.array(staffRemarkSchema) },
  }),
  getRemark: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${S}/staff/:staffId/remark/:date`,
    summary: "A staff member's remark for a day",
    params: staffRemarkParamsSchema,
    responses: { 200: staffRemarkSchema },
  }),
};
