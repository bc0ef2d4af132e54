import { can, type LineAccount, type SegmentConditions, type Session } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { deliveryQueryOptions } from '../../features/deliveries/api/deliveries.api.ts';
import { DeliveryComposer } from '../../features/deliveries/components/delivery-composer.tsx';
import { DeliveryHistory } from '../../features/deliveries/components/delivery-history.tsx';
import { TemplateList } from '../../features/deliveries/components/template-list.tsx';
import {
  LineAccountGate,
  useLineAccountSelection,
} from '../../features/line-accounts/components/line-account-gate.tsx';

function Deliveries({
  session,
  account,
  picker,
}: {
  session: Session;
  account: LineAccount;
  picker: ReactNode;
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const composing = searchParams.get('compose') === '1';
  const editId = Number(searchParams.get('edit')) || null;
  const tab = searchParams.get('tab') === 'templates' ? 'templates' : 'history';
  // friends picked on the friends page (配信する) come in the navigation's state
  // ... or the segment builder's unsaved conditions (この条件で配信する)
  const navigationState = useLocation().state as {
    pickedFriends?: { id: number; displayName: string }[];
    conditions?: SegmentConditions;
  } | null;
  const pickedFriends = navigationState?.pickedFriends ?? null;
  const carriedConditions = navigationState?.conditions ?? null;
  const setComposing = (value: boolean, edit: number | null = null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('compose', '1');
      else next.delete('compose');
      if (edit) next.set('edit', String(edit));
      else next.delete('edit');
      return next;
    });
  const editing = useQuery({
    ...deliveryQueryOptions(account.id, editId ?? 0),
    enabled: composing && editId !== null,
  });
  const canWork = can(session.role, session.position, 'client.work');
  const canSend = can(session.role, session.position, 'client.manage');
  return (
    <>
      <PageHeader
        title={t('nav.deliveries')}
        subtitle={t('deliveries.subtitle', { name: account.displayName })}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {picker}
            {canWork && !composing && (
              <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setComposing(true)}>
                {t('deliveries.new')}
              </Button>
            )}
          </Box>
        }
      />
      {composing ? (
        editId !== null && !editing.data ? null : (
          <DeliveryComposer
            key={editId ?? 'new'}
            lineAccountId={account.id}
            accountName={account.displayName}
            canSend={canSend}
            onDone={() => setComposing(false)}
            initial={editId !== null ? (editing.data ?? null) : null}
            initialFriends={editId === null ? pickedFriends : null}
            initialConditions={editId === null ? carriedConditions : null}
          />
        )
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_, value: string) =>
              setSearchParams((current) => {
                const next = new URLSearchParams(current);
                if (value === 'templates') next.set('tab', 'templates');
                else next.delete('tab');
                return next;
              })
            }
            sx={{ mb: 2 }}
          >
            <Tab value="history" label={t('deliveries.history')} />
            <Tab value="templates" label={t('templates.tab')} data-testid="templates-tab" />
          </Tabs>
          {tab === 'templates' ? (
            <TemplateList lineAccountId={account.id} canWork={canWork} />
          ) : (
            <DeliveryHistory
              lineAccountId={account.id}
              canSend={canSend}
              canWork={canWork}
              onEdit={(id) => setComposing(true, id)}
            />
          )}
        </>
      )}
    </>
  );
}

/** /client/deliveries?lineAccountId=: メッセージ配信 of one LINE account (history, and the composer). */
export function ClientDeliveriesPage({ session }: { session: Session }) {
  const selection = useLineAccountSelection();
  return (
    <LineAccountGate selection={selection}>
      {(account) => (
        <Deliveries key={account.id} session={session} account={account} picker={selection.picker} />
      )}
    </LineAccountGate>
  );
}
