import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryFailure } from '../../components/query-failure.tsx';
import {
  allSpecialRulesQueryOptions,
  normalRulesQueryOptions,
  reminderSettingsQueryOptions,
  shiftClosureQueryOptions,
  shiftPatternsQueryOptions,
} from '../../features/shift/api/shift.api.ts';
import { ClosureForm } from '../../features/shift/components/settings/closure-form.tsx';
import { PatternsForm } from '../../features/shift/components/settings/patterns-form.tsx';
import { RemindersForm } from '../../features/shift/components/settings/reminders-form.tsx';
import { SpecialRulesForm } from '../../features/shift/components/settings/special-rules-form.tsx';
import { WeeklyRulesForm } from '../../features/shift/components/settings/weekly-rules-form.tsx';

/* Rules and settings of a store: closure and publishing, reminders, weekly rules, patterns, special rules. */

/** A card with a title; its failure or success text under the fields. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Loaded<T>({
  query,
  children,
}: {
  query: {
    data: T | undefined;
    isError: boolean;
    isPending: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
}) {
  const failure = useQueryFailure(query);
  if (query.isError) return failure;
  if (query.data === undefined) return <Skeleton variant="rounded" height={120} />;
  return children(query.data);
}

export function ShiftSettingsPage({ storeId, canManage }: { storeId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const closure = useQuery(shiftClosureQueryOptions(storeId));
  const reminders = useQuery(reminderSettingsQueryOptions(storeId));
  const weekly = useQuery(normalRulesQueryOptions(storeId));
  const patterns = useQuery(shiftPatternsQueryOptions(storeId));
  const special = useQuery(allSpecialRulesQueryOptions(storeId));
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Section title={t('shift.settings.closureTitle')}>
        <Loaded query={closure}>
          {(data) => (
            <ClosureForm key={JSON.stringify(data)} storeId={storeId} closure={data} canManage={canManage} />
          )}
        </Loaded>
      </Section>
      <Section title={t('shift.settings.remindersTitle')}>
        <Loaded query={reminders}>
          {(data) => (
            <RemindersForm
              key={JSON.stringify(data)}
              storeId={storeId}
              settings={data}
              canManage={canManage}
            />
          )}
        </Loaded>
      </Section>
      <Section title={t('shift.settings.weeklyTitle')}>
        <Loaded query={weekly}>
          {(data) => (
            <WeeklyRulesForm
              key={JSON.stringify(data)}
              storeId={storeId}
              rules={data}
              canManage={canManage}
            />
          )}
        </Loaded>
      </Section>
      <Section title={t('shift.settings.patternsTitle')}>
        <Loaded query={patterns}>
          {(data) => <PatternsForm storeId={storeId} patterns={data} canManage={canManage} />}
        </Loaded>
      </Section>
      <Section title={t('shift.settings.specialTitle')}>
        <Loaded query={special}>
          {(data) => <SpecialRulesForm storeId={storeId} groups={data} canManage={canManage} />}
        </Loaded>
      </Section>
    </Box>
  );
}
