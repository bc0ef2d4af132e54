import { agencyAreaEndpoints, clientAreaEndpoints, masterEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as users from './users.service.ts';

const ok = { success: true as const };

/** Client area: the client's users, and the signed-in user's own e-mail and password. */
export function clientUserRoutes(app: FastifyInstance) {
  const e = clientAreaEndpoints;
  route(app, e.listUsers, async ({ query }, { ctx }) => users.listUsers({ ctx, input: { query } }));
  route(app, e.createUser, async ({ body }, { ctx }) => users.createUser({ ctx, input: { body } }));
  route(app, e.updateUser, async ({ params, body }, { ctx }) =>
    users.updateUser({ ctx, input: { id: params.id, body } }),
  );
  route(app, e.deleteUser, async ({ params }, { ctx }) => {
    await users.deleteUser({ ctx, input: { id: params.id } });
    return ok;
  });
  route(app, e.updateEmail, async ({ body }, { ctx }) => users.changeOwnEmail({ ctx, input: body }));
  route(app, e.updatePassword, async ({ body }, { ctx }) => {
    await users.changeOwnPassword({ ctx, input: body });
    return ok;
  });
}

/** The signed-in user's own account in the master or agency area: the client's service calls. */
function ownAccountRoutes(app: FastifyInstance, e: typeof masterEndpoints | typeof agencyAreaEndpoints) {
  route(app, e.getAccount, async (_input, { ctx }) => users.getOwnUser({ ctx }));
  route(app, e.updateEmail, async ({ body }, { ctx }) => users.changeOwnEmail({ ctx, input: body }));
  route(app, e.updatePassword, async ({ body }, { ctx }) => {
    await users.changeOwnPassword({ ctx, input: body });
    return ok;
  });
}

/** Agency area: the agency's own users, and the signed-in user's own account. */
export function agencyUserRoutes(app: FastifyInstance) {
  const e = agencyAreaEndpoints;
  ownAccountRoutes(app, e);
  route(app, e.listUsers, async ({ query }, { ctx }) => users.listUsers({ ctx, input: { query } }));
  route(app, e.createUser, async ({ body }, { ctx }) => users.createUser({ ctx, input: { body } }));
  route(app, e.updateUser, async ({ params, body }, { ctx }) =>
    users.updateUser({ ctx, input: { id: params.id, body } }),
  );
  route(app, e.deleteUser, async ({ params }, { ctx }) => {
    await users.deleteUser({ ctx, input: { id: params.id } });
    return ok;
  });
}

/** Master area: every back-office user, and the signed-in user's own account. */
export function masterUserRoutes(app: FastifyInstance) {
  const e = masterEndpoints;
  ownAccountRoutes(app, e);
  route(app, e.listUsers, async ({ query }, { ctx }) => users.listUsers({ ctx, input: { query } }));
  route(app, e.getUser, async ({ params }, { ctx }) => users.getUser({ ctx, input: { id: params.id } }));
  route(app, e.createUser, async ({ body }, { ctx }) => users.createMasterUser({ ctx, input: body }));
  route(app, e.updateUser, async ({ params, body }, { ctx }) =>
    users.updateUser({ ctx, input: { id: params.id, body } }),
  );
  route(app, e.deleteUser, async ({ params }, { ctx }) => {
    await users.deleteUser({ ctx, input: { id: params.id } });
    return ok;
  });
  route(app, e.changeUserEmail, async ({ params, body }, { ctx }) =>
    users.changeUserEmail({ ctx, input: { id: params.id, email: body.email } }),
  );
}
