import { randomUUID } from 'node:crypto';
import {
  richMenuMessages,
  type RichMenuArea,
  type RichMenuObject,
  type TabbedRichMenu,
  type TabbedRichMenuInput,
} from '@app/contracts';
import { inTransaction, type Db } from '../../db/client.ts';
import { requireActor, type ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { LineError, lineGatewayFor } from '../../platform/line/line-gateway.ts';
import { lineFailure } from '../line-accounts/index.ts';
import { layoutRichMenu, renderRichMenuImage, type RenderInput } from './rich-menu-render.ts';
import { newTapSlug, tapHopOf, type TapHop } from './rich-menu-taps.ts';
import {
  deleteTabRowsExcept,
  listTabGroup,
  markDefault,
  reserveRichMenuId,
  writeTabRow,
} from './rich-menus.repository.ts';
import { queueLinks } from './rich-menu-links.ts';
import { markMenuFriendsPending } from './rich-menu-rules.repository.ts';
import { accountOf, activeChannel, createMenuAtLine, toRichMenuView } from './rich-menus.service.ts';

type Ctx = { ctx: ServiceContext };
type Input = TabbedRichMenuInput & { lineAccountId: number };

/** The account's main color (its branding), when it is one the renderer can tint with. */
const colorOf = (account: { mainColor: string | null }) =>
  account.mainColor && /^#[0-9A-Fa-f]{6}$/.test(account.mainColor) ? account.mainColor : undefined;

/** What the renderer draws for tab `selected`: the shared tab bar, and that tab's own grid. */
function designOf(input: TabbedRichMenuInput, selected: number, color?: string): RenderInput {
  const tab = input.tabConfig[selected]!;
  return {
    color,
    width: input.width,
    height: input.height,
    tabs: {
      items: input.tabConfig.map((t) => ({ label: t.label, ratio: t.ratio, gap: t.tabGap })),
      selected,
    },
    rows: tab.itemRows.map((row) =>
      row.items.map((item) => ({ label: item.label, ratio: item.ratio, gap: item.gap })),
    ),
    border: tab.border,
  };
}

/** A tab's menu: a richmenuswitch area on every other tab (to its alias), then its items' actions. */
function menuOf(input: TabbedRichMenuInput, index: number): RichMenuObject {
  const tab = input.tabConfig[index]!;
  const layout = layoutRichMenu(designOf(input, index));
  const switches: RichMenuArea[] = input.tabConfig.flatMap((other, j) =>
    j === index
      ? []
      : [
          {
            bounds: layout.tabBoxes[j]!,
            action: {
              type: 'richmenuswitch' as const,
              label: other.label,
              richMenuAliasId: other.menuAliasId,
              data: `richmenu-tab=${other.menuAliasId}`,
            },
          },
        ],
  );
  const items: RichMenuArea[] = tab.itemRows.flatMap((row, r) =>
    row.items.map((item, i) => ({
      bounds: layout.itemBoxes[r]![i]!,
      action:
        item.type === 'message'
          ? { type: 'message' as const, label: item.label, text: item.text! }
          : { type: 'uri' as const, label: item.label, uri: item.uri! },
    })),
  );
  return {
    name: `${tab.label}（タブ ${index + 1}/${input.tabConfig.length}）`.slice(0, 300),
    size: { width: input.width, height: input.height },
    selected: true,
    chatBarText: tab.text,
    areas: [...switches, ...items],
  };
}

/** Each tab's image, drawn as it will be uploaded (the builder's live preview). */
export async function previewTabbedRichMenu({ ctx, input }: Ctx & { input: Input }) {
  const { account } = await activeChannel(ctx, input.lineAccountId);
  return {
    images: input.tabConfig.map((_, index) => {
      const image = renderRichMenuImage(designOf(input, index, colorOf(account)));
      return `data:${image.contentType};base64,${image.data.toString('base64')}`;
    }),
  };
}

/**
 * A tabbed rich menu: every tab's image drawn here, one menu per tab at LINE (with its image), then one
 * alias per tab, then the rows in one transaction. All or nothing: when a LINE call (or the insert) fails
 * half-way, every alias and menu made so far is deleted again at LINE, and no row is kept.
 */
export async function createTabbedRichMenu({ ctx, input }: Ctx & { input: Input }): Promise<TabbedRichMenu> {
  const { scope, channel, account } = await activeChannel(ctx, input.lineAccountId);
  const tabs = input.tabConfig.map((_, index) => ({
    menu: menuOf(input, index),
    image: renderRichMenuImage(designOf(input, index, colorOf(account))),
  }));
  const line = lineGatewayFor(ctx.config);
  // Each tab's row id and hop are known before LINE is called: its areas' tap marks name them.
  const marks = await tabMarks(ctx, scope, tabs.length, []);
  const createdMenus: string[] = [];
  const createdAliases: string[] = [];
  const rollback = async () => {
    for (const alias of createdAliases) await line.deleteRichMenuAlias(channel, alias).catch(() => undefined);
    for (const id of createdMenus) await line.deleteRichMenu(channel, id).catch(() => undefined);
  };
  try {
    for (const [index, tab] of tabs.entries())
      createdMenus.push(await createMenuAtLine(line, channel, tab.menu, tab.image, marks[index]));
    for (const [index, tab] of input.tabConfig.entries()) {
      try {
        await line.createRichMenuAlias(channel, tab.menuAliasId, createdMenus[index]!);
      } catch (error) {
        // LINE down or timed out: it may have made the alias all the same. A refusal made nothing (an
        // alias of that id that was there before is not ours to delete).
        if (error instanceof LineError && error.isRetryable) createdAliases.push(tab.menuAliasId);
        throw error;
      }
      createdAliases.push(tab.menuAliasId);
    }
  } catch (error) {
    await rollback();
    throw lineFailure(error, richMenuMessages.lineRefused);
  }

  const groupId = randomUUID();
  try {
    await inTransaction(ctx.db, (tx) =>
      insertTabRows(tx, ctx, scope, groupId, input, tabs, createdMenus, marks, null),
    );
  } catch (error) {
    await rollback();
    throw error;
  }
  return tabbedView(ctx, scope, groupId);
}

type Scope = { clientId: number; lineAccountId: number };
type DrawnTab = { menu: RichMenuObject; image: ReturnType<typeof renderRichMenuImage> };
type TabMark = { richMenuId: number; hop: TapHop };

/**
 * Each tab's row id and hop (decision 0049 addendum): a tab at a place the group had keeps that row's id
 * and key, so an edit keeps counting into the same figures; a new place takes a fresh id and key.
 */
async function tabMarks(
  ctx: ServiceContext,
  scope: Scope,
  count: number,
  old: { id: number; tapSlug: string | null }[],
): Promise<TabMark[]> {
  const marks: TabMark[] = [];
  for (let index = 0; index < count; index += 1) {
    const kept = old[index];
    marks.push({
      richMenuId: kept?.id ?? (await reserveRichMenuId(ctx.db)),
      hop: await tapHopOf(ctx, scope, kept?.tapSlug ?? newTapSlug()),
    });
  }
  return marks;
}

/** The group's rows, one per tab, the `defaultIndex` tab marked the account's default. */
async function insertTabRows(
  tx: Db,
  ctx: ServiceContext,
  scope: Scope,
  groupId: string,
  input: Input,
  tabs: DrawnTab[],
  lineMenuIds: string[],
  marks: TabMark[],
  defaultIndex: number | null,
) {
  // Rows of places the edit dropped go (with their taps); the others are rewritten under their ids.
  await deleteTabRowsExcept(
    tx,
    scope,
    groupId,
    marks.map((mark) => mark.richMenuId),
  );
  for (const [index, tab] of tabs.entries()) {
    const row = await writeTabRow(tx, {
      id: marks[index]!.richMenuId,
      tapSlug: marks[index]!.hop.slug,
      isDefault: false,
      ...scope,
      lineRichMenuId: lineMenuIds[index]!,
      name: tab.menu.name,
      width: input.width,
      height: input.height,
      selected: tab.menu.selected,
      chatBarText: tab.menu.chatBarText,
      areas: tab.menu.areas,
      imageType: tab.image.contentType,
      image: tab.image.data,
      tabGroupId: groupId,
      tabIndex: index,
      menuAliasId: input.tabConfig[index]!.menuAliasId,
      tabConfig: input.tabConfig,
      updatedByUserId: requireActor(ctx).userId,
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    });
    if (index === defaultIndex) await markDefault(tx, scope, row.id);
  }
}

/** A tabbed rich menu as one thing: its tabs as they were sent (with each tab's image) and its rows. */
async function tabbedView(ctx: ServiceContext, scope: Scope, groupId: string): Promise<TabbedRichMenu> {
  const rows = (await listTabGroup(ctx.db, scope, groupId)).map(toRichMenuView);
  const stored = (await listTabGroup(ctx.db, scope, groupId))[0]?.tabConfig;
  if (rows.length === 0 || !stored) throw notFound(richMenuMessages.notFound);
  return {
    groupId,
    tabConfig: stored.map((tab, index) => ({ ...tab, imageUrl: rows[index]?.imageUrl })),
    data: rows,
  };
}

export async function getTabbedRichMenu({
  ctx,
  input,
}: Ctx & { input: { lineAccountId: number; groupId: string } }): Promise<TabbedRichMenu> {
  const { scope } = await accountOf(ctx, input.lineAccountId);
  return tabbedView(ctx, scope, input.groupId);
}

/**
 * Edit a tabbed rich menu as a whole. LINE's menus are immutable: every tab is made again at LINE, the
 * aliases it keeps move to the new menus (new ones are made), the account's default moves with its tab;
 * only then the rows are replaced (same group) and the old menus and dropped aliases deleted at LINE.
 * A failure before that undoes every move and deletes what was made, so the old menu stays as it was.
 */
export async function updateTabbedRichMenu({
  ctx,
  input,
}: Ctx & { input: Input & { groupId: string } }): Promise<TabbedRichMenu> {
  const { scope, channel, account } = await activeChannel(ctx, input.lineAccountId);
  const old = await listTabGroup(ctx.db, scope, input.groupId);
  if (old.length === 0) throw notFound(richMenuMessages.notFound);
  const tabs: DrawnTab[] = input.tabConfig.map((_, index) => ({
    menu: menuOf(input, index),
    image: renderRichMenuImage(designOf(input, index, colorOf(account))),
  }));
  const line = lineGatewayFor(ctx.config);
  const created: string[] = [];
  const createdAliases: string[] = [];
  const undo: (() => Promise<unknown>)[] = [];
  const rollback = async () => {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    for (const alias of createdAliases) await line.deleteRichMenuAlias(channel, alias).catch(() => undefined);
    for (const id of created) await line.deleteRichMenu(channel, id).catch(() => undefined);
  };
  const oldTarget = new Map(old.map((row) => [row.menuAliasId, row.lineRichMenuId]));
  let defaultIndex: number | null = null;
  const marks = await tabMarks(ctx, scope, tabs.length, old);
  try {
    for (const [index, tab] of tabs.entries())
      created.push(await createMenuAtLine(line, channel, tab.menu, tab.image, marks[index]));
    for (const [index, tab] of input.tabConfig.entries()) {
      const previous = oldTarget.get(tab.menuAliasId);
      if (previous) {
        await line.updateRichMenuAlias(channel, tab.menuAliasId, created[index]!);
        undo.push(() => line.updateRichMenuAlias(channel, tab.menuAliasId, previous));
        continue;
      }
      try {
        await line.createRichMenuAlias(channel, tab.menuAliasId, created[index]!);
      } catch (error) {
        if (error instanceof LineError && error.isRetryable) createdAliases.push(tab.menuAliasId);
        throw error;
      }
      createdAliases.push(tab.menuAliasId);
    }
    const defaultId = await line.getDefaultRichMenuId(channel);
    const wasDefault = old.find((row) => row.lineRichMenuId === defaultId);
    if (wasDefault && defaultId) {
      defaultIndex = Math.min(wasDefault.tabIndex ?? 0, created.length - 1);
      await line.setDefaultRichMenu(channel, created[defaultIndex]!);
      undo.push(() => line.setDefaultRichMenu(channel, defaultId));
    }
  } catch (error) {
    await rollback();
    throw lineFailure(error, richMenuMessages.lineRefused);
  }
  try {
    await inTransaction(ctx.db, async (tx) => {
      await insertTabRows(tx, ctx, scope, input.groupId, input, tabs, created, marks, defaultIndex);
      // Friends a rule linked to a tab's menu get the tab's new menu (decision 0059).
      let marked = 0;
      for (const mark of marks) marked += await markMenuFriendsPending(tx, scope, mark.richMenuId);
      if (marked > 0) await queueLinks(tx, scope, ctx.clock.now());
    });
  } catch (error) {
    await rollback();
    throw error;
  }
  // Nothing points at the old menus any more: deleted at LINE (one left behind is unseen).
  const kept = new Set(input.tabConfig.map((tab) => tab.menuAliasId));
  for (const row of old) {
    try {
      if (row.menuAliasId && !kept.has(row.menuAliasId))
        await line.deleteRichMenuAlias(channel, row.menuAliasId);
      await line.deleteRichMenu(channel, row.lineRichMenuId);
    } catch (error) {
      ctx.log.warn({ err: error, richMenuId: row.lineRichMenuId }, 'old tab menu not deleted at LINE');
    }
  }
  return tabbedView(ctx, scope, input.groupId);
}
