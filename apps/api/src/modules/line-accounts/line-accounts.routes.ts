import { lineAccountEndpoints, masterLineAccountEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as lineAccounts from './line-accounts.service.ts';
import type { ServiceLinkDirectory } from './line-accounts.service.ts';

/**
 * LINE accounts: client area (own client), master area (client in the path) and the master search. `links`:
 * the services linked to the accounts, from the services module (src/composition.ts).
 */
export function lineAccountRoutes(app: FastifyInstance, links: ServiceLinkDirectory) {
  const c = lineAccountEndpoints;
  route(app, c.list, async (_input, { ctx }) =>
    lineAccounts.listLineAccountsOfClient({ ctx, links, input: {} }),
  );
  route(app, c.get, async ({ params }, { ctx }) =>
    lineAccounts.getLineAccount({ ctx, links, input: params }),
  );
  route(app, c.getBasicId, async ({ params }, { ctx }) =>
    lineAccounts.getLineBasicId({ ctx, input: params }),
  );
  route(app, c.create, async ({ body }, { ctx }) =>
    lineAccounts.createLineAccount({ ctx, links, input: body }),
  );
  route(app, c.update, async ({ params, body }, { ctx }) =>
    lineAccounts.updateLineAccountBranding({ ctx, links, input: { ...params, ...body } }),
  );
  route(app, c.deactivate, async ({ params }, { ctx }) =>
    lineAccounts.deactivateLineAccount({ ctx, links, input: params }),
  );
  route(app, c.getWebhook, async ({ params }, { ctx }) =>
    lineAccounts.getWebhookSettings({ ctx, input: params }),
  );
  route(app, c.setupWebhook, async ({ params }, { ctx }) =>
    lineAccounts.setupWebhook({ ctx, input: params }),
  );

  const m = masterLineAccountEndpoints;
  route(app, m.create, async ({ body }, { ctx }) =>
    lineAccounts.createLineAccount({ ctx, links, input: body }),
  );
  route(app, m.listOfClient, async ({ params }, { ctx }) =>
    lineAccounts.listLineAccountsOfClient({ ctx, links, input: params }),
  );
  route(app, m.get, async ({ params }, { ctx }) =>
    lineAccounts.getLineAccount({ ctx, links, input: params }),
  );
  route(app, m.deactivate, async ({ params }, { ctx }) =>
    lineAccounts.deactivateLineAccount({ ctx, links, input: params }),
  );
  route(app, m.getWebhook, async ({ params }, { ctx }) =>
    lineAccounts.getWebhookSettings({ ctx, input: params }),
  );
  route(app, m.setupWebhook, async ({ params }, { ctx }) =>
    lineAccounts.setupWebhook({ ctx, input: params }),
  );
  route(app, m.search, async ({ query }, { ctx }) =>
    lineAccounts.searchLineAccounts({ ctx, links, input: query }),
  );
}
