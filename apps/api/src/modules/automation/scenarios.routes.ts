import { scenarioEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as scenarios from './scenarios.service.ts';

/** Step delivery (ステップ配信 / シナリオ) of a LINE account (client area). */
export function scenarioRoutes(app: FastifyInstance) {
  const e = scenarioEndpoints;
  route(app, e.list, async ({ params }, { ctx }) => scenarios.listScenarios({ ctx, input: params }));
  route(app, e.get, async ({ params }, { ctx }) => scenarios.getScenario({ ctx, input: params }));
  route(app, e.create, async ({ params, body }, { ctx }) =>
    scenarios.createScenario({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.update, async ({ params, body }, { ctx }) =>
    scenarios.updateScenario({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.remove, async ({ params }, { ctx }) => scenarios.deleteScenario({ ctx, input: params }));
  route(app, e.enrol, async ({ params, body }, { ctx }) =>
    scenarios.enrolFriend({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.ofFriend, async ({ params }, { ctx }) =>
    scenarios.listFriendScenarios({ ctx, input: params }),
  );
}
