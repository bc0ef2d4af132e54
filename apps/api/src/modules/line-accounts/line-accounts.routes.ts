import { lineAccountEndpoints, masterLineAccountEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as lineAccounts from './line-accounts.service.ts';

/** LINE accounts: client area (own client), master area (client in the path) and the master search. */
export function lineAccountRoutes(app: FastifyInstance) {
  const c = lineAccountEndpoints;
  route(app, c.list, async (_input, { ctx }) => lineAccounts.listLineAccountsOfClient({ ctx, input: {} }));
  route(app, c.get, async ({ params }, { ctx }) => lineAccounts.getLineAccount({ ctx, input: params }));
  route(app, c.getBasicId, async ({ params }, { ctx }) =>
    lineAccounts.getLineBasicId({ ctx, input: params }),
  );
  route(app, c.create, async ({ body }, { ctx }) => lineAccounts.createLineAccount({ ctx, input: body }));
  route(app, c.update, async ({ params, body }, { ctx }) =>
    lineAccounts.updateLineAccountBranding({ ctx, input: { ...params, ...body } }),
  );
  route(app, c.deactivate, async ({ params }, { ctx }) =>
    lineAccounts.deactivateLineAccount({ ctx, input: params }),
  );
  route(app, c.getWebhook, async ({ params }, { ctx }) =>
    lineAccounts.getWebhookSettings({ ctx, input: params }),
  );
  route(app, c.setupWebhook, async ({ params }, { ctx }) =>
    lineAccounts.setupWebhook({ ctx, input: params }),
  );

  const m = masterLineAccountEndpoints;
  route(app, m.create, async ({ body }, { ctx }) => lineAccounts.createLineAccount({ ctx, input: body }));
  route(app, m.listOfClient, async ({ params }, { ctx }) =>
    lineAccounts.listLineAccountsOfClient({ ctx, input: params }),
  );
  route(app, m.get, async ({ params }, { ctx }) => lineAccounts.getLineAccount({ ctx, input: params }));
  route(app, m.deactivate, async ({ params }, { ctx }) =>
    lineAccounts.deactivateLineAccount({ ctx, input: params }),
  );
  route(app, m.getWebhook, async ({ params }, { ctx }) =>
    lineAccounts.getWebhookSettings({ ctx, input: params }),
  );
  route(app, m.setupWebhook, async ({ params }, { ctx }) =>
    lineAccounts.setupWebhook({ ctx, input: params }),
  );
  route(app, m.search, async ({ query }, { ctx }) => lineAccounts.searchLineAccounts({ ctx, input: query }));
}
