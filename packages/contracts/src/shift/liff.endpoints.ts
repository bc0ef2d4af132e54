import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.ts';
import { L, liff } from './shift.paths.ts';
import {
  liffMeSchema,
  liffPeriodSchema,
  liffRequestsSchema,
  liffShiftsQuerySchema,
  liffSignupBodySchema,
  submitRequestsBodySchema,
  upcomingShiftsSchema,
} from './liff.schemas.ts';
import { shiftStoreParamsSchema } from './shift.schemas.ts';
import { staffShiftSchema } from './shifts.schemas.ts';
import { staffRemarkSchema } from './staff.schemas.ts';

/** The shift mini-app: every call acts as the LINE friend its ID token names. */
export const shiftLiffEndpoints = {
  me: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${L}/me`,
    summary: 'The store, the LINE friend and their staff record, if any',
    params: shiftStoreParamsSchema,
    responses: { 200: liffMeSchema },
  }),
  signUp: defineEndpoint({
    ...liff,
    method: 'POST',
    path: `${L}/staff`,
    summary: 'Sign up as staff (PENDING until a manager approves)',
    params: shiftStoreParamsSchema,
    body: liffSignupBodySchema,
    responses: { 200: liffMeSchema },
  }),
  period: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${L}/period`,
    summary: 'The open submission period',
    params: shiftStoreParamsSchema,
    responses: { 200: liffPeriodSchema },
  }),
  listRequests: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${L}/requests`,
    summary: 'Own shifts in the open period',
    params: shiftStoreParamsSchema,
    responses: { 200: liffRequestsSchema },
  }),
  submitRequests: defineEndpoint({
    ...liff,
    method: 'PUT',
    path: `${L}/requests`,
    summary: 'Submit (or change) own requests for the open period',
    params: shiftStoreParamsSchema,
    body: submitRequestsBodySchema,
    responses: { 200: liffRequestsSchema },
  }),
  myShifts: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${L}/shifts`,
    summary: 'Own shifts starting in [startAtMin, startAtMax)',
    params: shiftStoreParamsSchema,
    query: liffShiftsQuerySchema,
    responses: { 200: z.array(staffShiftSchema) },
  }),
  upcomingShifts: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${L}/approved-shifts`,
    summary: "Everyone's approved shifts for the next 14 days",
    params: shiftStoreParamsSchema,
    responses: { 200: upcomingShiftsSchema },
  }),
  remarks: defineEndpoint({
    ...liff,
    method: 'GET',
    path: `${L}/remarks`,
    summary: 'Own remarks, newest day first',
    params: shiftStoreParamsSchema,
    responses: { 200: z.array(staffRemarkSchema) },
  }),
};
