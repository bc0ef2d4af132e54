import { can, type MemberAttribute, type Session } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { scenariosQueryOptions } from '../../features/automation/api/scenarios.api.ts';
import { deliveriesQueryOptions } from '../../features/deliveries/api/deliveries.api.ts';
import { tagsQueryOptions } from '../../features/friends/api/tags.api.ts';
import { menuAreaId, type SegmentOptions } from '../../features/friends/components/segment-builder.tsx';
import { inflowReportQueryOptions } from '../../features/inflow/api/inflow.api.ts';
import { couponsQueryOptions } from '../../features/member-card/api/coupons.api.ts';
import { memberProgramQueryOptions } from '../../features/member-card/api/member-card.api.ts';
import { memberAttributesQueryOptions } from '../../features/members/api/members.api.ts';
import { richMenusQueryOptions } from '../../features/rich-menus/api/rich-menus.api.ts';
import { isCountedArea } from '../../features/rich-menus/components/rich-menu-tap-map.tsx';

/** What the segment builder offers to pick from: member attributes, tags, and the other modules' choices. */
export type SegmentChoices = {
  attributes: MemberAttribute[];
  tags: { id: number; name: string }[];
  options: SegmentOptions;
};

/**
 * The segment builder's choices for an account, wherever it is used (the friends list; a scenario step's
 * written conditions): member attributes and the member card (only with member.read), tags, inflow routes,
 * scenarios, deliveries that went out and the counted rich menu areas. Empty while loading.
 */
export function useSegmentChoices(lineAccountId: number, session: Session): SegmentChoices {
  const { t } = useTranslation();
  const canReadMembers = can(session.role, session.position, 'member.read');
  // Member attribute conditions need the member service's definitions (none when it is not linked).
  const attributes = useQuery({
    ...memberAttributesQueryOptions(lineAccountId),
    enabled: canReadMembers,
    retry: false,
  });
  const tags = useQuery(tagsQueryOptions(lineAccountId));
  // The member card's ranks and coupons (none without the member service), routes and scenarios.
  const program = useQuery({
    ...memberProgramQueryOptions(lineAccountId),
    enabled: canReadMembers,
    retry: false,
  });
  const coupons = useQuery({ ...couponsQueryOptions(lineAccountId), enabled: canReadMembers, retry: false });
  const routes = useQuery({ ...inflowReportQueryOptions(lineAccountId, 7), retry: false });
  const scenarios = useQuery({ ...scenariosQueryOptions(lineAccountId), retry: false });
  // The deliveries that went out (the newest 100): their links are tracked, so their clicks are conditions.
  const deliveries = useQuery({ ...deliveriesQueryOptions(lineAccountId, 1, 100), retry: false });
  // The account's rich menus: their counted areas' taps are conditions (タップした).
  const menus = useQuery({ ...richMenusQueryOptions(lineAccountId), retry: false });
  return {
    attributes: attributes.data ?? [],
    tags: tags.data?.tags ?? [],
    options: {
      ranks: program.data?.ranks.map((r) => r.name) ?? [],
      coupons: coupons.data?.map((c) => ({ id: c.id, name: c.name })) ?? [],
      routes: routes.data?.routes.map((r) => ({ id: r.id, name: r.name })) ?? [],
      scenarios: scenarios.data?.data.map((s) => ({ id: s.id, name: s.name })) ?? [],
      deliveries:
        deliveries.data?.data
          .filter((d) => d.status === 'SENT' || d.status === 'PARTLY_FAILED' || d.status === 'SENDING')
          .map((d) => ({ id: d.id, name: d.title })) ?? [],
      menuAreas:
        menus.data?.data.flatMap((menu) =>
          menu.areas.flatMap((area, index) =>
            isCountedArea(area.action)
              ? [
                  {
                    id: menuAreaId(menu.id, index),
                    name: t('segment.menuArea', {
                      menu: menu.name,
                      n: index + 1,
                      label:
                        area.action.label ?? area.action.text ?? area.action.uri ?? area.action.data ?? '',
                    }),
                  },
                ]
              : [],
          ),
        ) ?? [],
    },
  };
}
