import type { SegmentConditions } from '@app/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountTagsQueryOptions } from '../api/deliveries.api.ts';

/**
 * The friends page's conditions a delivery goes to (配信する from an unsaved filter), in words: who is
 * listed, the name search, the member code range, the member attribute conditions, the tags, and how
 * they combine. Shown in the composer so the owner sees which audience was carried over.
 */
export function ConditionsSummary({
  lineAccountId,
  conditions,
  note,
}: {
  lineAccountId: number;
  conditions: SegmentConditions;
  /** The caption under the conditions (default: they are kept with this delivery). */
  note?: string;
}) {
  const { t } = useTranslation();
  const tags = useQuery(accountTagsQueryOptions(lineAccountId));
  const tagName = (id: number) => tags.data?.tags.find((tag) => tag.id === id)?.name ?? `#${id}`;
  const who = (['isMemberServiceUser', 'isShiftServiceUser', 'includeNonMembers'] as const)
    .filter((key) => conditions[key])
    .map((key) => t(`segment.flags.${key}`));
  const parts = [
    t('deliveries.conditions.who', { who: who.join('・') || '—' }),
    ...(conditions.search ? [t('deliveries.conditions.search', { search: conditions.search })] : []),
    ...(conditions.memberCode
      ? [
          t('deliveries.conditions.memberCode', {
            from: conditions.memberCode[0],
            to: conditions.memberCode[1],
          }),
        ]
      : []),
    ...(conditions.memberAttributes?.length
      ? [t('deliveries.conditions.attributes', { count: conditions.memberAttributes.length })]
      : []),
    ...(conditions.hasTags ?? []).map((id) => t('deliveries.conditions.hasTag', { name: tagName(id) })),
    ...(conditions.lacksTags ?? []).map((id) => t('deliveries.conditions.lacksTag', { name: tagName(id) })),
  ];
  return (
    <Box data-testid="audience-conditions-summary">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t(
          conditions.condition === 'OR'
            ? 'deliveries.conditions.combineOr'
            : 'deliveries.conditions.combineAnd',
        )}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {parts.map((part) => (
          <Chip key={part} size="small" label={part} />
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {note ?? t('deliveries.conditions.unsaved')}
      </Typography>
    </Box>
  );
}
