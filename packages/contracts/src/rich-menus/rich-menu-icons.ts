import {
  mdiCalendarMonth,
  mdiCardAccountDetails,
  mdiCart,
  mdiChat,
  mdiClockOutline,
  mdiGift,
  mdiHelpCircle,
  mdiHome,
  mdiInformation,
  mdiMapMarker,
  mdiPhone,
  mdiSilverwareForkKnife,
  mdiStar,
  mdiStorefront,
  mdiTicketPercent,
  mdiWeb,
} from '@mdi/js';

/**
 * The icons a rich menu area may show above its label on an image the server draws (issue 30): Material
 * Design Icons' SVG paths on a 24 x 24 grid, drawn by the server and shown by the editor from one list.
 */
export const richMenuIconPaths = {
  calendar: mdiCalendarMonth,
  coupon: mdiTicketPercent,
  store: mdiStorefront,
  phone: mdiPhone,
  chat: mdiChat,
  map: mdiMapMarker,
  card: mdiCardAccountDetails,
  info: mdiInformation,
  star: mdiStar,
  cart: mdiCart,
  gift: mdiGift,
  web: mdiWeb,
  clock: mdiClockOutline,
  food: mdiSilverwareForkKnife,
  home: mdiHome,
  help: mdiHelpCircle,
} as const;
export type RichMenuIcon = keyof typeof richMenuIconPaths;
export const richMenuIconNames = Object.keys(richMenuIconPaths) as [RichMenuIcon, ...RichMenuIcon[]];
