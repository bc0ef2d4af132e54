import type { SegmentConditions, Session } from '@app/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionsSummary } from '../../features/deliveries/components/conditions-summary.tsx';
import { audienceFlags } from '../../features/friends/components/friend-table.tsx';
import {
  SegmentBuilder,
  segmentBody,
  segmentOfConditions,
  segmentSize,
} from '../../features/friends/components/segment-builder.tsx';
import { useSegmentChoices } from './use-segment-choices.ts';

/** The written conditions with the name search set or cleared (nothing left: no conditions at all). */
function withSearch(value: SegmentConditions | null, search: string): SegmentConditions | null {
  const trimmed = search.trim();
  if (!trimmed && segmentSize(value ? segmentOfConditions(value) : null) === 0) return null;
  const { search: _dropped, ...rest } =
    value ?? ({ condition: 'AND', ...audienceFlags.all } as SegmentConditions);
  return trimmed ? { ...rest, search: trimmed } : rest;
}

/**
 * 送信条件: conditions written in a scenario step, with the friends page's own segment builder (the same
 * conditions and checks as the friends list and a delivery's unsaved audience) and its name search (the
 * friends list's 表示名で検索), shown in words once set. Kept in the step as they are, not saved as a
 * segment; evaluated when the step falls due.
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
  // typed here, written into the conditions when the field is left (not at each key)
  const [search, setSearch] = useState(value?.search ?? '');
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
              withSearch(
                segment
                  ? ({ condition: 'AND', ...audienceFlags.all, ...segmentBody(segment) } as SegmentConditions)
                  : null,
                value?.search ?? '',
              ),
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
        <TextField
          size="small"
          label={t('scenarios.nameSearch')}
          placeholder={t('friends.searchPlaceholder')}
          value={search}
          disabled={disabled}
          onChange={(e) => setSearch(e.target.value)}
          onBlur={() => {
            if (search.trim() !== (value?.search ?? '')) onChange(withSearch(value, search));
          }}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': `step-${index}-search` } }}
          sx={{ width: 200 }}
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
