import { keywordReplyEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import type { ScenarioStarter } from './actions.ts';
import * as keywords from './keyword-replies.service.ts';
import * as postbacks from './postbacks.service.ts';

/**
 * 応答メッセージ, rich menu postback actions and the log of automated sends (client area). `scenarios`:
 * the step scenarios' starter once composed; until then a scenario.start action is refused.
 */
export function keywordReplyRoutes(app: FastifyInstance, scenarios: ScenarioStarter | null = null) {
  const e = keywordReplyEndpoints;
  route(app, e.list, async ({ params }, { ctx }) => keywords.listKeywordReplies({ ctx, input: params }));
  route(app, e.create, async ({ params, body }, { ctx }) =>
    keywords.createKeywordRule({ ctx, scenarios, input: { ...params, ...body } }),
  );
  route(app, e.update, async ({ params, body }, { ctx }) =>
    keywords.updateKeywordRule({ ctx, scenarios, input: { ...params, ...body } }),
  );
  route(app, e.remove, async ({ params }, { ctx }) => keywords.removeKeywordRule({ ctx, input: params }));
  route(app, e.reorder, async ({ params, body }, { ctx }) =>
    keywords.reorderKeywordRules({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.setFallback, async ({ params, body }, { ctx }) =>
    keywords.setKeywordFallback({ ctx, input: { ...params, ...body } }),
  );
  route(app, e.listSends, async ({ params }, { ctx }) =>
    keywords.listAutomationSends({ ctx, input: params }),
  );
  route(app, e.listPostbacks, async ({ params }, { ctx }) =>
    postbacks.listPostbackActions({ ctx, input: params }),
  );
  route(app, e.createPostback, async ({ params, body }, { ctx }) =>
    postbacks.createPostbackAction({ ctx, scenarios, input: { ...params, ...body } }),
  );
  route(app, e.updatePostback, async ({ params, body }, { ctx }) =>
    postbacks.updatePostbackAction({ ctx, scenarios, input: { ...params, ...body } }),
  );
  route(app, e.removePostback, async ({ params }, { ctx }) =>
    postbacks.removePostbackAction({ ctx, input: params }),
  );
}
