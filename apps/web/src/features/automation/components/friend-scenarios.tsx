import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { friendScenariosQueryOptions } from '../api/scenarios.api.ts';

const japanTime = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** The friend drawer's シナリオ section: each scenario the friend is in, its progress and the next step. */
export function FriendScenarios({ lineAccountId, friendId }: { lineAccountId: number; friendId: number }) {
  const { t } = useTranslation();
  const query = useQuery(friendScenariosQueryOptions(lineAccountId, friendId));
  const rows = query.data?.data ?? [];
  if (query.isPending) return null;
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('scenarios.friend.none')}
      </Typography>
    );
  return (
    <Stack spacing={1} data-testid="friend-scenarios">
      {rows.map((r) => (
        <Stack
          key={r.scenarioId}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {r.scenarioName}
          </Typography>
          <Chip
            size="small"
            color={r.status === 'ACTIVE' ? 'success' : 'default'}
            label={t(`scenarios.friend.status.${r.status}`)}
          />
          <Typography variant="body2" color="text.secondary">
            {t('scenarios.friend.progress', { done: r.stepsDone, count: r.stepCount })}
          </Typography>
          {r.nextStepPosition !== null && r.nextDueAt && (
            <Typography variant="body2">
              {t('scenarios.friend.next', { n: r.nextStepPosition + 1, at: japanTime(r.nextDueAt) })}
            </Typography>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
