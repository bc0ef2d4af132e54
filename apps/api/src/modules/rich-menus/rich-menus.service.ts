import {
  CLIENT_PREFIX,
  lineAccountMessages,
  richMenuMessages,
  type RichMenu,
  type RichMenuArea,
  type RichMenuObject,
  type RichMenuList,
  type RichMenuSize,
  type RichMenuTapDays,
} from '@app/contracts';
import type { messagingApi } from '@line/bot-sdk';
import { inTransaction, type Db } from '../../db/client.ts';
import { requireActor, requireClientId, type ServiceContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { lineGatewayFor, type LineChannel, type LineGateway } from '../../platform/line/line-gateway.ts';
import { channelsOf, getLineAccountRowOrThrow, lineFailure } from '../line-accounts/index.ts';
import { checkRichMenuImage, decodeRichMenuImage, type RichMenuImage } from './rich-menu-image.ts';
import { renderAreaImage } from './rich-menu-render.ts';
import { queueLinks, queueMarkAll } from './rich-menu-links.ts';
import { listRules, markMenuFriendsPending } from './rich-menu-rules.repository.ts';
import {
  friendTapsOf,
  hopUri,
  newTapSlug,
  readRichMenuTaps,
  tapHopOf,
  withTapMark,
  type TapHop,
} from './rich-menu-taps.ts';
import {
  deleteRichMenuRow,
  deleteTabGroupRows,
  listTabGroup,
  findRichMenu,
  insertRichMenu,
  listRichMenus,
  markDefault,
  reserveRichMenuId,
  lockRichMenu,
  updateRichMenu as updateRichMenuRow,
  type RichMenuListRow,
} from './rich-menus.repository.ts';

type Ctx = { ctx: ServiceContext };
type AccountInput = { lineAccountId: number };
type MenuInput = AccountInput & { richMenuId: number };

export const richMenuImagePath = (lineAccountId: number, id: number) =>
  `${CLIENT_PREFIX}/line-account/${lineAccountId}/rich-menu/${id}/image`;

export function toRichMenuView(row: RichMenuListRow): RichMenu {
  return {
    id: row.id,
    lineAccountId: row.lineAccountId,
    richMenuId: row.lineRichMenuId,
    name: row.name,
    size: { width: row.width, height: row.height },
    selected: row.selected,
    chatBarText: row.chatBarText,
    areas: row.areas,
    // The version makes a replaced image a new address for the browser's cache.
    imageUrl: `${richMenuImagePath(row.lineAccountId, row.id)}?v=${row.updatedAt.getTime()}`,
    isDefault: row.isDefault,
    tab:
      row.tabGroupId !== null && row.tabIndex !== null && row.menuAliasId !== null
        ? { groupId: row.tabGroupId, index: row.tabIndex, menuAliasId: row.menuAliasId }
        : null,
    updatedBy: row.updatedByUserId ? { id: row.updatedByUserId, name: row.updatedByName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account (an ACTIVE one of the request's client) and its decrypted messaging channel. */
export async function accountOf(ctx: ServiceContext, lineAccountId: number) {
  const clientId = requireClientId(ctx);
  const account = await getLineAccountRowOrThrow(ctx, clientId, lineAccountId);
  return { scope: { clientId, lineAccountId }, account };
}

export async function activeChannel(ctx: ServiceContext, lineAccountId: number) {
  const found = await accountOf(ctx, lineAccountId);
  if (found.account.status !== 'ACTIVE') throw badRequest(lineAccountMessages.inactive);
  return { ...found, channel: channelsOf(ctx, found.account).messaging };
}

async function menuOrThrow(
  ctx: ServiceContext,
  scope: { clientId: number; lineAccountId: number },
  id: number,
) {
  const row = await findRichMenu(ctx.db, scope, id);
  if (!row) throw notFound(richMenuMessages.notFound);
  return row;
}

/** What marks a menu's taps at LINE (decision 0049): our menu's id, and the hop of its uri areas. */
export type TapMarks = { richMenuId: number; hop?: TapHop | undefined };

/**
 * The action as LINE takes it: only the fields of its type. With `marks` a postback (or richmenuswitch)
 * area's data carries the tap mark, so the webhook can count the tap, and a web uri area leads through
 * the tap hop, which counts it (decision 0049 and its addendum).
 */
function toLineAction(
  action: RichMenuArea['action'],
  areaIndex: number,
  marks?: TapMarks,
): messagingApi.Action {
  const label = action.label ? { label: action.label } : {};
  const marked = (data: string) => (marks ? withTapMark(data, marks.richMenuId, areaIndex) : data);
  if (action.type === 'message') return { type: 'message', ...label, text: action.text! };
  if (action.type === 'uri') {
    const uri = marks?.hop ? hopUri(action.uri!, marks.hop, areaIndex) : action.uri!;
    return { type: 'uri', ...label, uri };
  }
  if (action.type === 'postback') return { type: 'postback', ...label, data: marked(action.data!) };
  return {
    type: 'richmenuswitch',
    ...label,
    richMenuAliasId: action.richMenuAliasId!,
    data: marked(action.data!),
  };
}

export function toLineRichMenu(menu: RichMenuObject, marks?: TapMarks): messagingApi.RichMenuRequest {
  return {
    size: menu.size,
    selected: menu.selected,
    name: menu.name,
    chatBarText: menu.chatBarText,
    areas: menu.areas.map((area, areaIndex) => ({
      bounds: area.bounds,
      action: toLineAction(area.action, areaIndex, marks),
    })),
  };
}

/**
 * A new menu at LINE with its image. When the upload fails the menu just made is deleted again, so
 * LINE keeps no menu without an image.
 */
export async function createMenuAtLine(
  line: LineGateway,
  channel: LineChannel,
  menu: RichMenuObject,
  image: RichMenuImage,
  /** Our menu's id and hop, when its taps are to be counted (decision 0049). */
  marks?: TapMarks,
): Promise<string> {
  const richMenuId = await line.createRichMenu(channel, toLineRichMenu(menu, marks));
  try {
    await line.setRichMenuImage(channel, richMenuId, image);
  } catch (error) {
    await line.deleteRichMenu(channel, richMenuId).catch(() => undefined);
    throw error;
  }
  return richMenuId;
}

export async function listRichMenusOfAccount({
  ctx,
  input,
}: Ctx & { input: AccountInput }): Promise<RichMenuList> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  return { data: (await listRichMenus(ctx.db, scope)).map(toRichMenuView) };
}

export async function getRichMenu({ ctx, input }: Ctx & { input: MenuInput }): Promise<RichMenu> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  return toRichMenuView(await menuOrThrow(ctx, scope, input.richMenuId));
}

export async function getRichMenuImage({ ctx, input }: Ctx & { input: MenuInput }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  const row = await menuOrThrow(ctx, scope, input.richMenuId);
  return { contentType: row.imageType, data: row.image };
}

type ImageInput = { image?: string | undefined; drawImage?: boolean | undefined };
type CreateInput = AccountInput & { richMenu: RichMenuObject } & ImageInput;

/** What an area shows on a drawn image: its label, else the text it sends. */
const areaLabel = (area: RichMenuArea) => area.action.label ?? area.action.text ?? '';

type DrawnArea = { bounds: RichMenuArea['bounds']; label: string; icon?: RichMenuArea['icon'] };

/** The image drawn from the menu's areas, in the account's color (issue 30: the labels, not letters). */
function drawnImage(size: RichMenuSize, areas: DrawnArea[], color: string | null | undefined): RichMenuImage {
  const image = renderAreaImage({
    ...size,
    areas,
    color: color && /^#[0-9A-Fa-f]{6}$/.test(color) ? color : undefined,
  });
  return checkRichMenuImage(image, size);
}
const drawnAreasOf = (menu: RichMenuObject): DrawnArea[] =>
  menu.areas.map((area) => ({ bounds: area.bounds, label: areaLabel(area), icon: area.icon }));

/** The preview of drawImage: the image the server would draw, as a data URL; nothing changes. */
export async function previewRichMenuImage({
  ctx,
  input,
}: Ctx & { input: AccountInput & { size: RichMenuSize; areas: DrawnArea[] } }) {
  const { account } = await accountOf(ctx, input.lineAccountId);
  const image = drawnImage(input.size, input.areas, account.mainColor);
  return { image: `data:${image.contentType};base64,${image.data.toString('base64')}` };
}

/** Every limit is checked before LINE is called; then the menu and its image go to LINE, then the row. */
export async function createRichMenu({ ctx, input }: Ctx & { input: CreateInput }): Promise<RichMenu> {
  const { scope, channel, account } = await activeChannel(ctx, input.lineAccountId);
  const image = input.image
    ? decodeRichMenuImage(input.image, input.richMenu.size)
    : drawnImage(input.richMenu.size, drawnAreasOf(input.richMenu), account.mainColor);
  const line = lineGatewayFor(ctx.config);
  // The row's id is taken before LINE is called: the areas' tap marks name it (decision 0049).
  const id = await reserveRichMenuId(ctx.db);
  const hop = await tapHopOf(ctx, scope, newTapSlug());
  let lineRichMenuId: string;
  try {
    lineRichMenuId = await createMenuAtLine(line, channel, input.richMenu, image, { richMenuId: id, hop });
  } catch (error) {
    throw lineFailure(error, richMenuMessages.lineRefused);
  }
  try {
    const row = await insertRichMenu(ctx.db, {
      id,
      ...scope,
      lineRichMenuId,
      tapSlug: hop.slug,
      ...rowValuesOf(input.richMenu, image),
      updatedByUserId: requireActor(ctx).userId,
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    });
    return getRichMenu({ ctx, input: { ...input, richMenuId: row.id } });
  } catch (error) {
    await line.deleteRichMenu(channel, lineRichMenuId).catch(() => undefined);
    throw error;
  }
}

const rowValuesOf = (menu: RichMenuObject, image: RichMenuImage) => ({
  name: menu.name,
  width: menu.size.width,
  height: menu.size.height,
  selected: menu.selected,
  chatBarText: menu.chatBarText,
  areas: menu.areas,
  imageType: image.contentType,
  image: image.data,
});

/**
 * Moves what points at one LINE menu (the account's default, every alias) to another; returns the way
 * back. Used by PUT, whose new menu takes over before the old one is deleted, so users always see one.
 */
export async function moveMenuPointers(
  line: LineGateway,
  channel: LineChannel,
  fromId: string,
  toId: string,
): Promise<() => Promise<void>> {
  const undo: (() => Promise<void>)[] = [];
  const rollback = async () => {
    for (const step of undo.reverse()) await step().catch(() => undefined);
  };
  try {
    const aliases = (await line.listRichMenuAliases(channel)).filter((alias) => alias.richMenuId === fromId);
    for (const alias of aliases) {
      await line.updateRichMenuAlias(channel, alias.richMenuAliasId, toId);
      undo.push(() => line.updateRichMenuAlias(channel, alias.richMenuAliasId, fromId));
    }
    if ((await line.getDefaultRichMenuId(channel)) === fromId) {
      await line.setDefaultRichMenu(channel, toId);
      undo.push(() => line.setDefaultRichMenu(channel, fromId));
    }
  } catch (error) {
    await rollback();
    throw error;
  }
  return rollback;
}

type UpdateInput = MenuInput & { richMenu: RichMenuObject } & ImageInput;

/**
 * LINE's menus are immutable: the new menu is made (with the new or the kept image), the default and the
 * aliases move to it, and only then the old one is deleted. A failure before that undoes the moves and
 * deletes the new menu, so the old one stays as it was.
 */
export async function updateRichMenu({ ctx, input }: Ctx & { input: UpdateInput }): Promise<RichMenu> {
  const { scope, channel, account } = await activeChannel(ctx, input.lineAccountId);
  const row = await menuOrThrow(ctx, scope, input.richMenuId);
  if (row.tabGroupId) throw badRequest(richMenuMessages.tabbedReadOnly);
  const image = input.image
    ? decodeRichMenuImage(input.image, input.richMenu.size)
    : input.drawImage
      ? drawnImage(input.richMenu.size, drawnAreasOf(input.richMenu), account.mainColor)
      : checkRichMenuImage(
          { contentType: row.imageType as RichMenuImage['contentType'], data: row.image },
          input.richMenu.size,
        );
  await replaceAtLine(ctx, scope, channel, row, {
    menu: input.richMenu,
    image,
    values: {
      ...rowValuesOf(input.richMenu, image),
      updatedByUserId: requireActor(ctx).userId,
      updatedAt: ctx.clock.now(),
    },
  });
  return getRichMenu({ ctx, input });
}

/** What a replacement at LINE needs of the app (a request's context, or a job's with the config). */
export type LineDeps = Pick<ServiceContext, 'db' | 'config' | 'log' | 'clock'>;

/**
 * A menu's LINE menu replaced by a new one (LINE's menus are immutable): the new menu is made with its
 * tap marks and hop (a menu made before the hop gets its key now; a kept key keeps the hop URLs of its
 * areas), the default and the aliases move to it, the row names it (with `values`), friends a rule
 * linked to it are linked again, and only then the old one is deleted. A failure before the row is
 * written undoes the moves and deletes the new menu, so the old one stays as it was.
 * With `onlyIf`, the row is written only while it still names the LINE menu read (and `onlyIf` holds):
 * else nothing changes and the answer is false (an edit of the owner came first).
 */
async function replaceAtLine(
  deps: LineDeps,
  scope: { clientId: number; lineAccountId: number },
  channel: LineChannel,
  row: { id: number; lineRichMenuId: string; tapSlug: string | null },
  next: {
    menu: RichMenuObject;
    image: RichMenuImage;
    values: Partial<Parameters<typeof updateRichMenuRow>[3]>;
    onlyIf?: (current: { lineRichMenuId: string; tapSlug: string | null }) => boolean;
  },
): Promise<boolean> {
  const line = lineGatewayFor(deps.config);
  const hop = await tapHopOf(deps, scope, row.tapSlug ?? newTapSlug());
  let newId: string;
  let undoMoves: () => Promise<void>;
  try {
    newId = await createMenuAtLine(line, channel, next.menu, next.image, { richMenuId: row.id, hop });
  } catch (error) {
    throw lineFailure(error, richMenuMessages.lineRefused);
  }
  try {
    undoMoves = await moveMenuPointers(line, channel, row.lineRichMenuId, newId);
  } catch (error) {
    await line.deleteRichMenu(channel, newId).catch(() => undefined);
    throw lineFailure(error, richMenuMessages.lineRefused);
  }
  let written = false;
  try {
    written = await inTransaction(deps.db, async (tx) => {
      if (next.onlyIf) {
        const current = await lockRichMenu(tx, scope, row.id);
        if (!current || current.lineRichMenuId !== row.lineRichMenuId || !next.onlyIf(current)) return false;
      }
      await updateRichMenuRow(tx, scope, row.id, {
        ...next.values,
        lineRichMenuId: newId,
        tapSlug: hop.slug,
      });
      // Friends linked to the old menu by a rule (decision 0059) are linked to the new one: LINE drops
      // a user's link when the menu is deleted below.
      if ((await markMenuFriendsPending(tx, scope, row.id)) > 0)
        await queueLinks(tx, scope, deps.clock.now());
      return true;
    });
  } catch (error) {
    await undoMoves();
    await line.deleteRichMenu(channel, newId).catch(() => undefined);
    throw error;
  }
  if (!written) {
    await undoMoves();
    await line.deleteRichMenu(channel, newId).catch(() => undefined);
    return false;
  }
  try {
    await line.deleteRichMenu(channel, row.lineRichMenuId);
  } catch (error) {
    // The row already names the new menu; the old one is left at LINE, unseen (nothing points at it).
    deps.log.warn({ err: error, richMenuId: row.lineRichMenuId }, 'old rich menu not deleted at LINE');
  }
  return true;
}

/**
 * A menu made before the tap hop (decision 0049 addendum: its row has no tap key) sent to LINE again as
 * it is, so that its link areas go through the hop and its postback areas carry the tap mark: what an
 * edit would do, with nothing of the owner's changed (name, areas, image, who edited it last). A tab's
 * menu is one of these too: its row holds the areas it was sent with (the switches to the other tabs'
 * aliases), and its alias moves to the new menu as an edit moves it. Answers false when there was nothing
 * to do (the menu is gone, has its key, or an edit came first).
 */
export async function resendThroughHop(
  deps: LineDeps,
  scope: { clientId: number; lineAccountId: number },
  channel: LineChannel,
  richMenuId: number,
): Promise<boolean> {
  const row = await findRichMenu(deps.db, scope, richMenuId);
  if (!row || row.tapSlug !== null) return false;
  const menu: RichMenuObject = {
    name: row.name,
    size: { width: row.width, height: row.height },
    selected: row.selected,
    chatBarText: row.chatBarText,
    areas: row.areas,
  };
  const image = { contentType: row.imageType as RichMenuImage['contentType'], data: row.image };
  return replaceAtLine(deps, scope, channel, row, {
    menu,
    image,
    values: {},
    onlyIf: (current) => current.tapSlug === null,
  });
}

/**
 * Deleted at LINE (one LINE no longer has counts as deleted), then here. A tab's menu takes its whole
 * tabbed rich menu with it: every tab's menu and alias.
 */
export async function deleteRichMenu({ ctx, input }: Ctx & { input: MenuInput }) {
  const { scope, account } = await accountOf(ctx, input.lineAccountId);
  const row = await menuOrThrow(ctx, scope, input.richMenuId);
  const group = row.tabGroupId ? await listTabGroup(ctx.db, scope, row.tabGroupId) : [row];
  if (account.status === 'ACTIVE') {
    const line = lineGatewayFor(ctx.config);
    const channel = channelsOf(ctx, account).messaging;
    try {
      for (const menu of group)
        if (menu.menuAliasId) await line.deleteRichMenuAlias(channel, menu.menuAliasId);
      for (const menu of group) await line.deleteRichMenu(channel, menu.lineRichMenuId);
    } catch (error) {
      throw lineFailure(error, richMenuMessages.lineRefused);
    }
  }
  await inTransaction(ctx.db, async (tx) => {
    // A rule of the menu goes with it (cascade): the friends are evaluated again (decision 0059).
    const hadRules = (await listRules(tx, scope)).some((r) => group.some((menu) => menu.id === r.richMenuId));
    if (row.tabGroupId) await deleteTabGroupRows(tx, scope, row.tabGroupId);
    else await deleteRichMenuRow(tx, scope, row.id);
    if (hadRules) await queueMarkAll(tx, scope, ctx.clock.now());
  });
  return { success: true as const };
}

/** LINE's default menu for every user of the account; the row is marked as the one default. */
export async function setDefaultRichMenu({ ctx, input }: Ctx & { input: MenuInput }): Promise<RichMenu> {
  const { scope, channel } = await activeChannel(ctx, input.lineAccountId);
  const row = await menuOrThrow(ctx, scope, input.richMenuId);
  try {
    await lineGatewayFor(ctx.config).setDefaultRichMenu(channel, row.lineRichMenuId);
  } catch (error) {
    throw lineFailure(error, richMenuMessages.lineRefused);
  }
  await inTransaction(ctx.db, (tx) => markDefault(tx, scope, row.id));
  return getRichMenu({ ctx, input });
}

/** LINE's id of one of the account's menus (automation's richMenu.switch), or undefined. */
export async function lineRichMenuIdOf(
  db: Db,
  scope: { clientId: number; lineAccountId: number },
  richMenuId: number,
): Promise<string | undefined> {
  return (await findRichMenu(db, scope, richMenuId))?.lineRichMenuId;
}

/** The heat map's figures: taps and friends per area of one menu over the last 7, 30 or 90 days. */
/** A friend's rich menu taps (the friend drawer): another tenant's account answers 404. */
export async function friendRichMenuTaps({
  ctx,
  input,
}: Ctx & { input: { lineAccountId: number; friendId: number } }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  return friendTapsOf(ctx.db, scope, input.friendId);
}

export async function richMenuTapsOf({ ctx, input }: Ctx & { input: MenuInput & { days: RichMenuTapDays } }) {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  return readRichMenuTaps(ctx, scope, input.richMenuId, input.days);
}
