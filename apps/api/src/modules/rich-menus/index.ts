/** The rich menus module's door: what other modules and the demo world may use (STYLE.md "Door"). */
export {
  createRichMenu,
  lineRichMenuIdOf,
  listRichMenusOfAccount,
  setDefaultRichMenu,
} from './rich-menus.service.ts';
export { layoutRichMenu, renderRichMenuImage, type RenderInput } from './rich-menu-render.ts';
export { importRichMenuTaps, recordRichMenuTap, splitTapMark, type PastTap } from './rich-menu-taps.ts';
// the friend search's タップした condition (src/composition.ts hands it to the friends module)
export { tapDirectory } from './rich-menu-taps.segments.ts';
// the rich menu per tag or segment (decision 0059): a tag's or a segment's delete asks where a rule names it
export { richMenuRulesUsingSegment, richMenuTagUses } from './rich-menu-rules.service.ts';
// one menu linked to one friend at LINE, queued in the caller's transaction (an inflow route's menu)
export { queueFriendRichMenuLink } from './rich-menu-friend-link.ts';
