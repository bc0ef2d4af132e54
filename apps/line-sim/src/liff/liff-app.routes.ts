import type { FastifyInstance } from 'fastify';
import type { liff } from '@line/bot-sdk';
import { badRequest, notFound } from '../http/line-errors.ts';
import { assertValidBody } from '../spec/request-body.validator.ts';
import { createLiffId } from '../state/id.generator.ts';
import type { SimContext } from '../state/sim-context.ts';
import type { StoredLiffApp } from '../state/sim-state.store.ts';

type LiffParams = { Params: { liffId: string } };

export const maxLiffAppsPerChannel = 30;

export const toLiffApp = ({ loginChannelId: _channel, ...app }: StoredLiffApp): liff.LiffApp => app;

/** Adds a LIFF app to a LINE Login channel; shared by the LIFF server API and the console. */
export const addLiffApp = (
  ctx: SimContext,
  loginChannelId: string,
  request: liff.AddLiffAppRequest,
  fixedLiffId?: string,
): StoredLiffApp => {
  const count = [...ctx.store.liffApps.values()].filter((a) => a.loginChannelId === loginChannelId).length;
  if (count >= maxLiffAppsPerChannel) {
    throw badRequest('The maximum number of LIFF apps that can be added to the channel has been reached');
  }
  const app: StoredLiffApp = {
    liffId: fixedLiffId ?? createLiffId(loginChannelId),
    loginChannelId,
    view: request.view,
    ...(request.description !== undefined ? { description: request.description } : {}),
    features: { ble: false, qrCode: request.features?.qrCode ?? false },
    permanentLinkPattern: request.permanentLinkPattern ?? 'concat',
    scope: request.scope ?? ['profile', 'chat_message.write'],
    botPrompt: request.botPrompt ?? 'none',
  };
  ctx.store.liffApps.set(app.liffId, app);
  return app;
};

/** liff.yml: LIFF server API, authenticated with a LINE Login channel's access token. */
export const registerLiffAppRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const { store } = ctx;

  const ownApp = (channelId: string, liffId: string) => {
    const found = store.liffApps.get(liffId);
    if (!found || found.loginChannelId !== channelId) throw notFound('The LIFF app does not exist');
    return found;
  };

  app.post('/liff/v1/apps', async (request) => {
    assertValidBody('liff', 'AddLiffAppRequest', request.body);
    const created = addLiffApp(ctx, request.simChannelId, request.body as liff.AddLiffAppRequest);
    return { liffId: created.liffId };
  });

  app.get('/liff/v1/apps', async (request) => {
    const apps = [...store.liffApps.values()].filter((a) => a.loginChannelId === request.simChannelId);
    // liff.yml: "404: There is no LIFF app on the channel."
    if (apps.length === 0) throw notFound('There is no LIFF app on the channel');
    return { apps: apps.map(toLiffApp) };
  });

  app.put<LiffParams>('/liff/v1/apps/:liffId', async (request, reply) => {
    assertValidBody('liff', 'UpdateLiffAppRequest', request.body);
    const found = ownApp(request.simChannelId, request.params.liffId);
    const body = request.body as liff.UpdateLiffAppRequest;
    if (body.view) found.view = { ...found.view, ...body.view };
    if (body.description !== undefined) found.description = body.description;
    if (body.features) found.features = { ...found.features, ...body.features };
    if (body.permanentLinkPattern !== undefined) found.permanentLinkPattern = body.permanentLinkPattern;
    if (body.scope) found.scope = body.scope;
    if (body.botPrompt) found.botPrompt = body.botPrompt;
    return reply.code(200).send();
  });

  app.delete<LiffParams>('/liff/v1/apps/:liffId', async (request, reply) => {
    store.liffApps.delete(ownApp(request.simChannelId, request.params.liffId).liffId);
    return reply.code(200).send();
  });
};
