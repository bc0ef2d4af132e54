import type { SegmentConditions, Session } from '@app/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConditionsSummary } from '../../features/deliveries/components/conditions-summary.tsx';
import { audienceFlags } from '../../features/friends/components/friend-table.tsx';
import {
  SegmentBuilder,
  segmentBody,
  segmentOfConditions,
} from '../../features/friends/components/segment-builder.tsx';
import { useSegmentChoices } from './use-segment-choices.ts';

/**
 * 送信条件: conditions written in a scenario step, with the friends page's own segment builder (the same
 * conditions and checks as the friends list and a delivery's unsaved audience), shown in words once set.
 * Kept in the step as they are, not saved as a segment; evaluated when the step falls due.
 */
export function StepConditionsEditor({
  lineAccountId,
  session,
  index,
  value,
  onChange,
  disabled,
}: {
  lineAccountId: number;
  session: Session;
  index: number;
  value: SegmentConditions | null;
  onChange: (value: SegmentConditions | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const choices = useSegmentChoices(lineAccountId, session);
  return (
    <Box data-testid={`step-${index}-conditions`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: value ? 1 : 0 }}>
        <Typography variant="body2" color="text.secondary">
          {t('scenarios.writtenConditions')}
        </Typography>
        <SegmentBuilder
          value={value ? segmentOfConditions(value) : null}
          onApply={(segment) =>
            onChange(
              segment
                ? ({ condition: 'AND', ...audienceFlags.all, ...segmentBody(segment) } as SegmentConditions)
                : null,
            )
          }
          disabled={disabled}
          openLabel={t('scenarios.writeConditions')}
          applyLabel={t('scenarios.applyConditions')}
          attributes={choices.attributes}
          audienceFlags={audienceFlags.all as Required<(typeof audienceFlags)['all']>}
          tags={choices.tags}
          options={choices.options}
        />
      </Stack>
      {value && (
        <ConditionsSummary
          lineAccountId={lineAccountId}
          conditions={value}
          note={t('scenarios.writtenConditionsNote')}
        />
      )}
    </Box>
  );
}
