import { CLIENT_PREFIX } from '../area-prefixes.ts';
import { allow, defineEndpoint } from '../common/endpoint.ts';
import { okBodySchema } from '../common/errors.ts';
import { lineAccountParamsSchema } from '../line-accounts/line-accounts.schemas.ts';
import {
  enrolFriendBodySchema,
  friendEnrolmentListSchema,
  friendScenarioParamsSchema,
  scenarioBodySchema,
  scenarioListSchema,
  scenarioParamsSchema,
  scenarioSchema,
} from './scenarios.schemas.ts';

const tags = ['automation'];
const base = `${CLIENT_PREFIX}/line-account/:lineAccountId`;
const read = { tags, access: allow('client.read'), clientScoped: true } as const;
const manage = { tags, access: allow('client.manage'), clientScoped: true } as const;

/** Step delivery (ステップ配信 / シナリオ) of a LINE account (client area). */
export const scenarioEndpoints = {
  list: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/scenarios`,
    summary: 'Scenarios of a LINE account with their steps and figures',
    params: lineAccountParamsSchema,
    responses: { 200: scenarioListSchema },
  }),
  get: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/scenarios/:scenarioId`,
    summary: 'A scenario with its steps and figures',
    params: scenarioParamsSchema,
    responses: { 200: scenarioSchema },
  }),
  create: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/scenarios`,
    summary: 'Create a scenario',
    params: lineAccountParamsSchema,
    body: scenarioBodySchema,
    responses: { 201: scenarioSchema },
  }),
  update: defineEndpoint({
    ...manage,
    method: 'PUT',
    path: `${base}/scenarios/:scenarioId`,
    summary: 'Change a scenario (steps keep their ids: no friend gets a step twice)',
    params: scenarioParamsSchema,
    body: scenarioBodySchema,
    responses: { 200: scenarioSchema },
  }),
  remove: defineEndpoint({
    ...manage,
    method: 'DELETE',
    path: `${base}/scenarios/:scenarioId`,
    summary: 'Delete a scenario (its friends stop receiving it)',
    params: scenarioParamsSchema,
    responses: { 200: okBodySchema },
  }),
  enrol: defineEndpoint({
    ...manage,
    method: 'POST',
    path: `${base}/scenarios/:scenarioId/enrolments`,
    summary: 'Start a scenario for a friend by hand',
    params: scenarioParamsSchema,
    body: enrolFriendBodySchema,
    responses: { 200: okBodySchema },
  }),
  ofFriend: defineEndpoint({
    ...read,
    method: 'GET',
    path: `${base}/friends/:friendId/scenarios`,
    summary: 'The scenarios a friend is in, with the next step and its time',
    params: friendScenarioParamsSchema,
    responses: { 200: friendEnrolmentListSchema },
  }),
} as const;
