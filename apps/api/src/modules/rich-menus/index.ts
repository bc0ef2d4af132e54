/** The rich menus module's door: what other modules and the demo world may use (STYLE.md "Door"). */
export {
  createRichMenu,
  lineRichMenuIdOf,
  listRichMenusOfAccount,
  setDefaultRichMenu,
} from './rich-menus.service.ts';
export { layoutRichMenu, renderRichMenuImage, type RenderInput } from './rich-menu-render.ts';
export { recordRichMenuTap, splitTapMark } from './rich-menu-taps.ts';
