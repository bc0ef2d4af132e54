import type { FastifyInstance } from 'fastify';
import type { messagingApi } from '@line/bot-sdk';
import { badRequest, notFound } from '../http/line-errors.ts';
import { assertValidBody } from '../spec/request-body.validator.ts';
import type { SimContext } from '../state/sim-context.ts';

type AliasParams = { Params: { richMenuAliasId: string } };

const maxAliasesPerChannel = 1000;

/** Rich menu aliases: what richmenuswitch actions point at. */
export const registerRichMenuAliasRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const { store } = ctx;

  const usableMenu = (channelId: string, richMenuId: string) => {
    const menu = store.richMenus.get(richMenuId);
    if (!menu || menu.channelId !== channelId) throw badRequest('richmenu not found');
    if (!menu.image) throw badRequest('richmenu image not found');
    return menu;
  };

  app.post('/v2/bot/richmenu/alias', async (request) => {
    assertValidBody('messaging-api', 'CreateRichMenuAliasRequest', request.body);
    const body = request.body as messagingApi.CreateRichMenuAliasRequest;
    const aliases = store.aliasesOf(request.simChannelId);
    if (aliases.has(body.richMenuAliasId)) throw badRequest('conflict richmenu alias id');
    if (aliases.size >= maxAliasesPerChannel)
      throw badRequest('The maximum number of aliases has been reached');
    usableMenu(request.simChannelId, body.richMenuId);
    aliases.set(body.richMenuAliasId, body.richMenuId);
    return {};
  });

  app.get('/v2/bot/richmenu/alias/list', async (request) => ({
    aliases: [...store.aliasesOf(request.simChannelId)].map(([richMenuAliasId, richMenuId]) => ({
      richMenuAliasId,
      richMenuId,
    })),
  }));

  app.get<AliasParams>('/v2/bot/richmenu/alias/:richMenuAliasId', async (request) => {
    const richMenuId = store.aliasesOf(request.simChannelId).get(request.params.richMenuAliasId);
    if (!richMenuId) throw notFound();
    return { richMenuAliasId: request.params.richMenuAliasId, richMenuId };
  });

  app.post<AliasParams>('/v2/bot/richmenu/alias/:richMenuAliasId', async (request) => {
    assertValidBody('messaging-api', 'UpdateRichMenuAliasRequest', request.body);
    const body = request.body as messagingApi.UpdateRichMenuAliasRequest;
    const aliases = store.aliasesOf(request.simChannelId);
    if (!aliases.has(request.params.richMenuAliasId)) throw badRequest('richmenu alias not found');
    usableMenu(request.simChannelId, body.richMenuId);
    aliases.set(request.params.richMenuAliasId, body.richMenuId);
    return {};
  });

  app.delete<AliasParams>('/v2/bot/richmenu/alias/:richMenuAliasId', async (request) => {
    const aliases = store.aliasesOf(request.simChannelId);
    if (!aliases.delete(request.params.richMenuAliasId)) throw badRequest('richmenu alias not found');
    return {};
  });
};
