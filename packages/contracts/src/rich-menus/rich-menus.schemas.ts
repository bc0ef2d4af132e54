import { z } from 'zod';
import { idParamSchema, idQueryParam, idSchema } from '../common/ids.ts';
import { richMenuIconNames } from './rich-menu-icons.ts';

/**
 * Rich menus (SPEC.md 3, 7 and 8): LINE's limits, checked here before LINE is called (and enforced by
 * the LINE simulator too). Sizes and bounds are in pixels of the menu image.
 */
export const richMenuLimits = {
  minWidth: 800,
  maxWidth: 2500,
  minHeight: 250,
  minAspectRatio: 1.45,
  maxImageBytes: 1024 * 1024,
  maxAreas: 20,
  maxChatBarText: 14,
  maxName: 300,
  maxLabel: 20,
  maxText: 300,
  maxUri: 1000,
  maxData: 300,
  maxTabs: 10,
} as const;

export const richMenuMessages = {
  /** SPEC.md 8, for an area action and a tab item alike. */
  actionTarget: 'URI is required for type "uri" and text is required for type "message"',
  name: 'Name is required and cannot exceed 300 characters',
  chatBarText: 'Chat bar text is required and cannot exceed 14 characters',
  width: 'Width must be between 800 and 2500 pixels',
  height: 'Height must be at least 250 pixels',
  aspectRatio: 'Width divided by height must be at least 1.45',
  areasMax: 'A rich menu can have at most 20 tap areas',
  areaBounds: 'Every tap area must lie inside the image',
  actionType: 'Action type must be message, uri or richmenuswitch',
  uriScheme: 'URI must be an http(s), tel or line link',
  label: 'Label cannot exceed 20 characters',
  icon: `Icon must be one of ${richMenuIconNames.join(', ')}`,
  text: 'Text cannot exceed 300 characters',
  switchTarget: 'A richmenuswitch action needs richMenuAliasId and data',
  postbackData: 'A postback action needs its data (choose what the tap does)',
  tapDays: 'Period must be 7, 30 or 90 days',
  tapLinkNotFound: 'This link is not available',
  imageRequired: 'Image is required',
  imageType: 'Image must be a JPEG or PNG file',
  imageBytes: 'Image must be 1 MB or smaller',
  imageSize: 'Image size must match the rich menu size',
  notFound: 'Rich menu not found',
  lineRefused: 'LINE refused the rich menu',
  tabsRequired: 'A tabbed rich menu needs 2 to 10 tabs',
  tabLabel: 'Tab label is required and cannot exceed 20 characters',
  itemRows: 'Every tab needs at least one row with at least one item',
  ratio: 'Ratio must be a positive number',
  gap: 'Gap must be between 0 and 100 pixels',
  border: 'Border must be between 0 and 100 pixels',
  aliasId: 'Alias id must be 1 to 32 lower-case letters, digits, _ or -',
  aliasTaken: 'Alias ids must differ between tabs',
  tabbedReadOnly: 'A tab of a tabbed rich menu is changed through its tabbed rich menu',
} as const;

/** What LINE accepts in a rich menu uri action: web pages, phone calls and LINE's own links. */
export const isRichMenuUri = (value: string) =>
  /^(https?:\/\/[^\s]+|tel:[0-9+\-*#()]+|line:\/\/[^\s]+)$/i.test(value);

const labelSchema = z
  .string({ error: richMenuMessages.label })
  .max(richMenuLimits.maxLabel, richMenuMessages.label);

/**
 * A tap area's action (SPEC.md 3: type message, uri or richmenuswitch, plus label, data, uri). The type
 * decides which field is required; the SPEC's text names the message / uri pair.
 */
export const richMenuActionSchema = z
  .object({
    /** postback: handled by our automation (data `automation:postback:<id>`, decision 0036). */
    type: z.enum(['message', 'uri', 'richmenuswitch', 'postback'], { error: richMenuMessages.actionType }),
    label: labelSchema.optional(),
    text: z
      .string({ error: richMenuMessages.text })
      .max(richMenuLimits.maxText, richMenuMessages.text)
      .optional(),
    uri: z
      .string({ error: richMenuMessages.uriScheme })
      .max(richMenuLimits.maxUri, richMenuMessages.uriScheme)
      .optional(),
    richMenuAliasId: z
      .string({ error: richMenuMessages.switchTarget })
      .max(32, richMenuMessages.switchTarget)
      .optional(),
    data: z
      .string({ error: richMenuMessages.switchTarget })
      .max(richMenuLimits.maxData, richMenuMessages.switchTarget)
      .optional(),
  })
  .superRefine((action, issue) => {
    if (action.type === 'message' && !action.text?.trim()) {
      issue.addIssue({ code: 'custom', message: richMenuMessages.actionTarget, path: ['text'] });
    }
    if (action.type === 'uri') {
      if (!action.uri?.trim()) {
        issue.addIssue({ code: 'custom', message: richMenuMessages.actionTarget, path: ['uri'] });
      } else if (!isRichMenuUri(action.uri)) {
        issue.addIssue({ code: 'custom', message: richMenuMessages.uriScheme, path: ['uri'] });
      }
    }
    if (action.type === 'postback' && !action.data?.trim()) {
      issue.addIssue({ code: 'custom', message: richMenuMessages.postbackData, path: ['data'] });
    }
    if (action.type === 'richmenuswitch' && (!action.richMenuAliasId || action.data === undefined)) {
      issue.addIssue({ code: 'custom', message: richMenuMessages.switchTarget, path: ['richMenuAliasId'] });
    }
  });
export type RichMenuAction = z.output<typeof richMenuActionSchema>;

const areaIconSchema = z
  .union([z.enum(richMenuIconNames), z.literal('')], { error: richMenuMessages.icon })
  .optional();

const pixel = z.number({ error: richMenuMessages.areaBounds }).int(richMenuMessages.areaBounds);

export const richMenuAreaSchema = z.object({
  bounds: z.object({
    x: pixel.min(0, richMenuMessages.areaBounds),
    y: pixel.min(0, richMenuMessages.areaBounds),
    width: pixel.min(1, richMenuMessages.areaBounds),
    height: pixel.min(1, richMenuMessages.areaBounds),
  }),
  action: richMenuActionSchema,
  /** An icon drawn above the label when the server draws the image ('' or absent: none); LINE never sees it. */
  icon: areaIconSchema,
});
export type RichMenuArea = z.output<typeof richMenuAreaSchema>;

/** width 800-2500, height >= 250, width / height >= 1.45 (LINE's image rules). */
export const richMenuSizeSchema = z
  .object({
    width: z
      .number({ error: richMenuMessages.width })
      .int(richMenuMessages.width)
      .min(richMenuLimits.minWidth, richMenuMessages.width)
      .max(richMenuLimits.maxWidth, richMenuMessages.width),
    height: z
      .number({ error: richMenuMessages.height })
      .int(richMenuMessages.height)
      .min(richMenuLimits.minHeight, richMenuMessages.height)
      .max(richMenuLimits.maxWidth, richMenuMessages.height),
  })
  .refine((size) => size.width / size.height >= richMenuLimits.minAspectRatio, {
    message: richMenuMessages.aspectRatio,
    path: ['height'],
  });
export type RichMenuSize = z.output<typeof richMenuSizeSchema>;

/** The rich menu object as LINE takes it (SPEC.md 3), with our checks of LINE's limits. */
export const richMenuObjectSchema = z
  .object({
    name: z
      .string({ error: richMenuMessages.name })
      .trim()
      .min(1, richMenuMessages.name)
      .max(richMenuLimits.maxName, richMenuMessages.name),
    size: richMenuSizeSchema,
    selected: z.boolean().default(false),
    chatBarText: z
      .string({ error: richMenuMessages.chatBarText })
      .trim()
      .min(1, richMenuMessages.chatBarText)
      .max(richMenuLimits.maxChatBarText, richMenuMessages.chatBarText),
    areas: z.array(richMenuAreaSchema).max(richMenuLimits.maxAreas, richMenuMessages.areasMax),
  })
  .superRefine((menu, issue) => {
    menu.areas.forEach((area, index) => {
      const { x, y, width, height } = area.bounds;
      if (x + width > menu.size.width || y + height > menu.size.height) {
        issue.addIssue({
          code: 'custom',
          message: richMenuMessages.areaBounds,
          path: ['areas', index, 'bounds'],
        });
      }
    });
  });
export type RichMenuObject = z.output<typeof richMenuObjectSchema>;
export type RichMenuObjectInput = z.input<typeof richMenuObjectSchema>;

/**
 * The image as a data URL (data:image/png;base64,... or image/jpeg). Type, byte size and pixel size are
 * checked by the server before LINE is called (the pixel size must equal the menu's size).
 */
export const richMenuImageSchema = z
  .string({ error: richMenuMessages.imageRequired })
  .min(1, richMenuMessages.imageRequired)
  .max(1_500_000, richMenuMessages.imageBytes);

/**
 * POST /rich-menu: a rich menu and its image: an uploaded one (`image`), or, with `drawImage`, one the
 * server draws from the areas: each area a tile with its label (a template started without a designer's
 * image). One of the two is required.
 */
export const createRichMenuBodySchema = z
  .object({
    richMenu: richMenuObjectSchema,
    image: richMenuImageSchema.optional(),
    drawImage: z.boolean().optional(),
  })
  .superRefine((body, issue) => {
    if (!body.image && !body.drawImage)
      issue.addIssue({ code: 'custom', message: richMenuMessages.imageRequired, path: ['image'] });
  });
export type CreateRichMenuBody = z.input<typeof createRichMenuBodySchema>;

/**
 * PUT /rich-menu/{id}: the whole menu again; with image, that image; with drawImage, one drawn again from
 * the areas' labels; with neither, the kept image.
 */
export const updateRichMenuBodySchema = z.object({
  richMenu: richMenuObjectSchema,
  image: richMenuImageSchema.optional(),
  drawImage: z.boolean().optional(),
});
export type UpdateRichMenuBody = z.input<typeof updateRichMenuBodySchema>;

export const richMenuParamsSchema = z.object({ lineAccountId: idParamSchema, richMenuId: idParamSchema });
export const richMenuAccountParamsSchema = z.object({ lineAccountId: idParamSchema });
export const setDefaultRichMenuQuerySchema = z.object({ richMenuId: idQueryParam() });

const personSchema = z.object({ id: idSchema, name: z.string() }).nullable();

/** A rich menu as the API answers it: our id, LINE's richMenuId, the kept image's URL, the default flag. */
export const richMenuSchema = z.object({
  id: idSchema,
  lineAccountId: idSchema,
  richMenuId: z.string(),
  name: z.string(),
  size: z.object({ width: z.number(), height: z.number() }),
  selected: z.boolean(),
  chatBarText: z.string(),
  areas: z.array(richMenuAreaSchema),
  imageUrl: z.string(),
  isDefault: z.boolean(),
  /** Set on each tab's menu of a tabbed rich menu: the group's id, the tab's index and alias. */
  tab: z.object({ groupId: z.string(), index: z.number(), menuAliasId: z.string() }).nullable(),
  updatedBy: personSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RichMenu = z.infer<typeof richMenuSchema>;
export const richMenuListSchema = z.object({ data: z.array(richMenuSchema) });
export type RichMenuList = z.infer<typeof richMenuListSchema>;

const pixels = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(100, message);
const ratioSchema = z
  .number({ error: richMenuMessages.ratio })
  .positive(richMenuMessages.ratio)
  .max(100, richMenuMessages.ratio);

/**
 * An item of a tab's grid (SPEC.md 3: type message or uri, label, text, uri, ratio, gap): its width share
 * in the row and the gap after it, in pixels.
 */
export const tabItemSchema = z
  .object({
    type: z.enum(['message', 'uri'], { error: richMenuMessages.actionType }),
    label: z
      .string({ error: richMenuMessages.label })
      .trim()
      .min(1, richMenuMessages.label)
      .max(richMenuLimits.maxLabel, richMenuMessages.label),
    text: z
      .string({ error: richMenuMessages.text })
      .max(richMenuLimits.maxText, richMenuMessages.text)
      .optional(),
    uri: z
      .string({ error: richMenuMessages.uriScheme })
      .max(richMenuLimits.maxUri, richMenuMessages.uriScheme)
      .optional(),
    ratio: ratioSchema.default(1),
    gap: pixels(richMenuMessages.gap).default(0),
  })
  .superRefine((item, issue) => {
    if (item.type === 'message' && !item.text?.trim()) {
      issue.addIssue({ code: 'custom', message: richMenuMessages.actionTarget, path: ['text'] });
    }
    if (item.type === 'uri') {
      if (!item.uri?.trim())
        issue.addIssue({ code: 'custom', message: richMenuMessages.actionTarget, path: ['uri'] });
      else if (!isRichMenuUri(item.uri)) {
        issue.addIssue({ code: 'custom', message: richMenuMessages.uriScheme, path: ['uri'] });
      }
    }
  });
export type TabItem = z.output<typeof tabItemSchema>;

/**
 * One tab (SPEC.md 3): its label in the tab bar, `text` for the chat bar while it is shown, its width
 * share in the tab bar and the gap after it (tabGap), its rows of items, the border around its grid, the
 * alias other tabs switch to (menuAliasId), and imageUrl (answers only).
 */
export const tabConfigSchema = z.object({
  label: z
    .string({ error: richMenuMessages.tabLabel })
    .trim()
    .min(1, richMenuMessages.tabLabel)
    .max(richMenuLimits.maxLabel, richMenuMessages.tabLabel),
  text: z
    .string({ error: richMenuMessages.chatBarText })
    .trim()
    .min(1, richMenuMessages.chatBarText)
    .max(richMenuLimits.maxChatBarText, richMenuMessages.chatBarText),
  ratio: ratioSchema.default(1),
  itemRows: z
    .array(
      z.object({
        items: z.array(tabItemSchema).min(1, richMenuMessages.itemRows).max(10, richMenuMessages.itemRows),
      }),
      {
        error: richMenuMessages.itemRows,
      },
    )
    .min(1, richMenuMessages.itemRows)
    .max(10, richMenuMessages.itemRows),
  tabGap: pixels(richMenuMessages.gap).default(0),
  border: z
    .object({
      top: pixels(richMenuMessages.border).default(0),
      bottom: pixels(richMenuMessages.border).default(0),
      left: pixels(richMenuMessages.border).default(0),
      right: pixels(richMenuMessages.border).default(0),
    })
    .default({ top: 0, bottom: 0, left: 0, right: 0 }),
  menuAliasId: z
    .string({ error: richMenuMessages.aliasId })
    .regex(/^[a-z0-9_-]{1,32}$/, richMenuMessages.aliasId),
  imageUrl: z.string().optional(),
});
export type TabConfig = z.output<typeof tabConfigSchema>;
export type TabConfigInput = z.input<typeof tabConfigSchema>;

/** POST /rich-menu/tabbed (and its preview): the tabs and the size every tab's image has. */
export const createTabbedRichMenuBodySchema = z
  .object({
    tabConfig: z
      .array(tabConfigSchema, { error: richMenuMessages.tabsRequired })
      .min(2, richMenuMessages.tabsRequired)
      .max(richMenuLimits.maxTabs, richMenuMessages.tabsRequired),
    width: richMenuSizeSchema.shape.width,
    height: richMenuSizeSchema.shape.height,
  })
  .superRefine((body, issue) => {
    if (body.width / body.height < richMenuLimits.minAspectRatio) {
      issue.addIssue({ code: 'custom', message: richMenuMessages.aspectRatio, path: ['height'] });
    }
    const seen = new Set<string>();
    body.tabConfig.forEach((tab, index) => {
      if (seen.has(tab.menuAliasId)) {
        issue.addIssue({
          code: 'custom',
          message: richMenuMessages.aliasTaken,
          path: ['tabConfig', index, 'menuAliasId'],
        });
      }
      seen.add(tab.menuAliasId);
      // Each tab's menu: a switch area per other tab plus its items, at most 20 areas.
      const items = tab.itemRows.reduce((sum, row) => sum + row.items.length, 0);
      if (body.tabConfig.length - 1 + items > richMenuLimits.maxAreas) {
        issue.addIssue({
          code: 'custom',
          message: richMenuMessages.areasMax,
          path: ['tabConfig', index, 'itemRows'],
        });
      }
    });
  });
export type CreateTabbedRichMenuBody = z.input<typeof createTabbedRichMenuBodySchema>;
export type TabbedRichMenuInput = z.output<typeof createTabbedRichMenuBodySchema>;

/** The tabbed menu made: one rich menu per tab, in tab order. */
/** A tabbed rich menu's address: the account and the group of its tabs' menus. */
export const tabbedRichMenuParamsSchema = z.object({
  lineAccountId: idParamSchema,
  groupId: z.string().regex(/^[0-9a-f-]{36}$/, richMenuMessages.notFound),
});

export const tabbedRichMenuSchema = z.object({
  groupId: z.string(),
  tabConfig: z.array(tabConfigSchema),
  data: z.array(richMenuSchema),
});
export type TabbedRichMenu = z.infer<typeof tabbedRichMenuSchema>;

/**
 * POST /rich-menu/preview: the image the server draws from the areas' labels (drawImage), for a menu
 * still being written: only the size and each area's place and label.
 */
export const richMenuPreviewBodySchema = z
  .object({
    size: richMenuSizeSchema,
    areas: z
      .array(
        z.object({
          bounds: richMenuAreaSchema.shape.bounds,
          label: z.string().max(100).default(''),
          icon: areaIconSchema,
        }),
      )
      .max(richMenuLimits.maxAreas, richMenuMessages.areasMax),
  })
  .superRefine((menu, issue) => {
    menu.areas.forEach((area, index) => {
      const { x, y, width, height } = area.bounds;
      if (x + width > menu.size.width || y + height > menu.size.height)
        issue.addIssue({
          code: 'custom',
          message: richMenuMessages.areaBounds,
          path: ['areas', index, 'bounds'],
        });
    });
  });
export type RichMenuPreviewBody = z.input<typeof richMenuPreviewBodySchema>;
export const richMenuPreviewSchema = z.object({ image: z.string() });

/** The preview: each tab's image as the server draws it (data URLs), in tab order. */
export const tabbedPreviewSchema = z.object({ images: z.array(z.string()) });

/** The periods of the tap heat map (issue 32, decision 0049). */
export const richMenuTapDays = [7, 30, 90] as const;
export type RichMenuTapDays = (typeof richMenuTapDays)[number];
/** ?days=7|30|90 (default 30): the heat map's period. */
export const richMenuTapsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: richMenuMessages.tapDays })
    .optional()
    .transform((d): RichMenuTapDays => (d === '7' ? 7 : d === '90' ? 90 : 30)),
});

/** Per area of a menu (in the order of its areas): taps and distinct friends who tapped, since `since`. */
export const richMenuTapsSchema = z.object({
  days: z.number().int(),
  since: z.string(),
  /**
   * Whether a link (uri) area's taps can name the friend: the account has a LIFF for the hop (decision
   * 0049 addendum). Without one the hop is our own page outside LINE: link taps count, friends do not.
   */
  linksNameFriends: z.boolean(),
  areas: z.array(z.object({ index: z.number().int(), taps: z.number().int(), friends: z.number().int() })),
});
export type RichMenuTaps = z.output<typeof richMenuTapsSchema>;

export const richMenuFriendParamsSchema = z.object({ lineAccountId: idParamSchema, friendId: idParamSchema });

/**
 * A friend's rich menu taps (the friend drawer): per menu area they tapped, the menu's and the area's
 * names (the area's label, else its action's), how often and when last; the latest first. Taps of a
 * deleted menu go with it.
 */
export const friendRichMenuTapsSchema = z.object({
  taps: z.array(
    z.object({
      richMenuId: idSchema,
      richMenuName: z.string(),
      areaIndex: z.number().int(),
      areaLabel: z.string().nullable(),
      taps: z.number().int(),
      lastTappedAt: z.string(),
    }),
  ),
});
export type FriendRichMenuTaps = z.output<typeof friendRichMenuTapsSchema>;

/** A uri area's hop key at LINE (decision 0049 addendum): `<menu's tap slug>.<area index>`. */
export const richMenuTapHopParamsSchema = z.object({ key: z.string().max(64) });
/** The hop page's start: the account's LIFF (to name the friend) and whether LINE is the simulator. */
export const richMenuTapHopSchema = z.object({
  liffId: z.string().nullable(),
  lineMode: z.enum(['line', 'simulator']),
});
export const richMenuTapHopBodySchema = z.object({
  /** The LIFF ID token of who tapped (verified with LINE for the account's LINE Login channel); none: anonymous. */
  idToken: z.string().max(4096).optional(),
});
/** Where the area leads: the owner's own URL. */
export const richMenuTapHopResultSchema = z.object({ url: z.string() });

/**
 * A rich menu per tag or saved segment (issue 28, decision 0059): rules in priority order; a friend sees
 * the menu of the first rule they match, else the account's default. A rule names one tag or one saved
 * segment of the account, and one of its rich menus.
 */
export const richMenuRuleLimits = { maxRules: 20 } as const;

export const richMenuRuleMessages = {
  oneCondition: 'A rule names either a tag or a saved segment',
  tooMany: 'At most 20 rules',
  unknownMenu: 'Unknown rich menu',
  unknownTag: 'Unknown tag',
  unknownSegment: 'Unknown saved segment',
} as const;

export const richMenuRuleInputSchema = z
  .object({
    richMenuId: idSchema,
    tagId: idSchema.nullish(),
    segmentId: idSchema.nullish(),
  })
  .refine((rule) => (rule.tagId == null) !== (rule.segmentId == null), {
    message: richMenuRuleMessages.oneCondition,
    path: ['tagId'],
  });
export type RichMenuRuleInput = z.output<typeof richMenuRuleInputSchema>;

export const putRichMenuRulesBodySchema = z.object({
  /** In priority order: the first rule a friend matches decides their menu. */
  rules: z.array(richMenuRuleInputSchema).max(richMenuRuleLimits.maxRules, richMenuRuleMessages.tooMany),
});
export type PutRichMenuRulesBody = z.input<typeof putRichMenuRulesBodySchema>;

export const richMenuRuleSchema = z.object({
  id: idSchema,
  position: z.number().int(),
  richMenuId: idSchema,
  tagId: idSchema.nullable(),
  segmentId: idSchema.nullable(),
});
export type RichMenuRule = z.output<typeof richMenuRuleSchema>;

export const richMenuRulesSchema = z.object({
  data: z.array(richMenuRuleSchema),
  /** Friends whose menu is still to be linked or unlinked at LINE (the link job works through them). */
  pending: z.number().int(),
  /** Friends who see a menu of a rule now (linked at LINE), per menu. */
  linked: z.array(z.object({ richMenuId: idSchema, friends: z.number().int() })),
});
export type RichMenuRules = z.output<typeof richMenuRulesSchema>;
