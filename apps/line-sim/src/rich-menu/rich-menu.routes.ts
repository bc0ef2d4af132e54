import type { FastifyInstance } from 'fastify';
import type { messagingApi } from '@line/bot-sdk';
import { LineApiError, badRequest, notFound } from '../http/line-errors.ts';
import { assertValidBody } from '../spec/request-body.validator.ts';
import { createRichMenuId } from '../state/id.generator.ts';
import type { SimContext } from '../state/sim-context.ts';
import type { StoredRichMenu } from '../state/sim-state.store.ts';
import { readImageInfo } from './image-size.parser.ts';
import { checkRichMenuObject, checkRichMenuSize, maxRichMenuImageBytes } from './rich-menu-rules.ts';

type MenuParams = { Params: { richMenuId: string } };
type UserMenuParams = { Params: { userId: string; richMenuId: string } };

const maxRichMenusPerChannel = 1000;

/** Rich menus, their images (api-data paths on the same base URL), default and per-user links. */
export const registerRichMenuRoutes = (app: FastifyInstance, ctx: SimContext) => {
  const { store } = ctx;

  const ownMenu = (channelId: string, richMenuId: string): StoredRichMenu => {
    const menu = store.richMenus.get(richMenuId);
    if (!menu || menu.channelId !== channelId) throw notFound();
    return menu;
  };

  const validateMenu = (body: unknown) =>
    assertValidBody('messaging-api', 'RichMenuRequest', body, checkRichMenuObject);

  app.post('/v2/bot/richmenu', async (request) => {
    validateMenu(request.body);
    const channelMenus = [...store.richMenus.values()].filter((m) => m.channelId === request.simChannelId);
    if (channelMenus.length >= maxRichMenusPerChannel) {
      throw badRequest('The maximum number of rich menus has been reached');
    }
    const body = request.body as Required<messagingApi.RichMenuRequest>;
    const richMenuId = createRichMenuId();
    const menu: messagingApi.RichMenuResponse = {
      richMenuId,
      size: body.size,
      selected: body.selected,
      name: body.name,
      chatBarText: body.chatBarText,
      areas: body.areas,
    };
    store.richMenus.set(richMenuId, {
      richMenuId,
      channelId: request.simChannelId,
      menu,
      image: null,
      createdAt: new Date().toISOString(),
    });
    return { richMenuId };
  });

  app.post('/v2/bot/richmenu/validate', async (request) => {
    validateMenu(request.body);
    return {};
  });

  app.get('/v2/bot/richmenu/list', async (request) => ({
    richmenus: [...store.richMenus.values()]
      .filter((menu) => menu.channelId === request.simChannelId)
      .map((menu) => menu.menu),
  }));

  app.get<MenuParams>(
    '/v2/bot/richmenu/:richMenuId',
    async (request) => ownMenu(request.simChannelId, request.params.richMenuId).menu,
  );

  app.delete<MenuParams>('/v2/bot/richmenu/:richMenuId', async (request) => {
    store.deleteRichMenu(ownMenu(request.simChannelId, request.params.richMenuId).richMenuId);
    return {};
  });

  app.post<MenuParams>('/v2/bot/richmenu/:richMenuId/content', async (request) => {
    const menu = ownMenu(request.simChannelId, request.params.richMenuId);
    if (menu.image) throw badRequest('An image has already been uploaded to the richmenu');
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'image/png' && contentType !== 'image/jpeg') {
      throw new LineApiError(415, { message: 'Unsupported Media Type: use image/jpeg or image/png' });
    }
    const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (data.length > maxRichMenuImageBytes) {
      throw new LineApiError(413, { message: 'The image must be 1 MB or smaller' });
    }
    const info = readImageInfo(data);
    if (!info || `image/${info.format}` !== contentType) {
      throw badRequest(`The image is not a valid ${contentType === 'image/png' ? 'PNG' : 'JPEG'} file`);
    }
    const problems = checkRichMenuSize(info.width, info.height, 'image');
    if (problems.length) throw badRequest('Invalid image size', problems);
    menu.image = { contentType, data, width: info.width, height: info.height };
    return {};
  });

  app.get<MenuParams>('/v2/bot/richmenu/:richMenuId/content', async (request, reply) => {
    const menu = ownMenu(request.simChannelId, request.params.richMenuId);
    if (!menu.image) throw notFound();
    return reply.type(menu.image.contentType).send(menu.image.data);
  });

  // Default rich menu
  app.post<MenuParams>('/v2/bot/user/all/richmenu/:richMenuId', async (request) => {
    const menu = ownMenu(request.simChannelId, request.params.richMenuId);
    if (!menu.image) throw badRequest('An image must be uploaded to the rich menu first');
    store.defaultRichMenus.set(request.simChannelId, menu.richMenuId);
    return {};
  });

  app.get('/v2/bot/user/all/richmenu', async (request) => {
    const richMenuId = store.defaultRichMenus.get(request.simChannelId);
    if (!richMenuId) throw notFound('no default richmenu');
    return { richMenuId };
  });

  app.delete('/v2/bot/user/all/richmenu', async (request) => {
    store.defaultRichMenus.delete(request.simChannelId);
    return {};
  });

  // Per-user links
  const linkUser = (channelId: string, userId: string, richMenuId: string) => {
    const menu = ownMenu(channelId, richMenuId);
    if (!store.users.has(userId)) throw badRequest(`Invalid user ID: ${userId}`);
    if (!menu.image) throw badRequest('An image must be uploaded to the rich menu first');
    store.setUserRichMenuId(userId, channelId, richMenuId);
  };

  app.post<UserMenuParams>('/v2/bot/user/:userId/richmenu/:richMenuId', async (request) => {
    linkUser(request.simChannelId, request.params.userId, request.params.richMenuId);
    return {};
  });

  app.get<UserMenuParams>('/v2/bot/user/:userId/richmenu', async (request) => {
    const richMenuId = store.getUserRichMenuId(request.params.userId, request.simChannelId);
    if (!richMenuId) throw notFound('the user has no richmenu');
    return { richMenuId };
  });

  app.delete<UserMenuParams>('/v2/bot/user/:userId/richmenu', async (request) => {
    store.setUserRichMenuId(request.params.userId, request.simChannelId, null);
    return {};
  });

  app.post('/v2/bot/richmenu/bulk/link', async (request, reply) => {
    assertValidBody('messaging-api', 'RichMenuBulkLinkRequest', request.body);
    const body = request.body as messagingApi.RichMenuBulkLinkRequest;
    for (const userId of body.userIds) linkUser(request.simChannelId, userId, body.richMenuId);
    return reply.code(202).send({});
  });

  app.post('/v2/bot/richmenu/bulk/unlink', async (request, reply) => {
    assertValidBody('messaging-api', 'RichMenuBulkUnlinkRequest', request.body);
    const body = request.body as messagingApi.RichMenuBulkUnlinkRequest;
    for (const userId of body.userIds) store.setUserRichMenuId(userId, request.simChannelId, null);
    return reply.code(202).send({});
  });
};
