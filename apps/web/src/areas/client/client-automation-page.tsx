import { can, type Session } from '@app/contracts';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useQueryFailure } from '../../components/query-failure.tsx';
import { greetingQueryOptions } from '../../features/automation/api/automation.api.ts';
import { GreetingForm } from '../../features/automation/components/greeting-form.tsx';
import { scenariosQueryOptions } from '../../features/automation/api/scenarios.api.ts';
import { ScenarioEditor } from '../../features/automation/components/scenario-editor.tsx';
import { ScenarioList } from '../../features/automation/components/scenario-list.tsx';
import { MessageListEditor } from '../../features/deliveries/components/message-list-editor.tsx';
import { tagsQueryOptions } from '../../features/friends/api/tags.api.ts';
import {
  LineAccountGate,
  useLineAccountSelection,
} from '../../features/line-accounts/components/line-account-gate.tsx';

function Greeting({ lineAccountId, session }: { lineAccountId: number; session: Session }) {
  const greeting = useQuery(greetingQueryOptions(lineAccountId));
  const failure = useQueryFailure(greeting);
  if (!greeting.data) return failure;
  return (
    <GreetingForm
      key={greeting.data.updatedAt ?? 'new'}
      lineAccountId={lineAccountId}
      greeting={greeting.data}
      canEdit={can(session.role, session.position, 'client.manage')}
      editor={(props) => <MessageListEditor {...props} minMessages={0} />}
    />
  );
}

/** ステップ配信: the list of scenarios, or one open in the editor ('new' for a new one). */
function Scenarios({ lineAccountId, session }: { lineAccountId: number; session: Session }) {
  const scenarios = useQuery(scenariosQueryOptions(lineAccountId));
  const tags = useQuery(tagsQueryOptions(lineAccountId));
  const failure = useQueryFailure(scenarios);
  const [open, setOpen] = useState<number | 'new' | null>(null);
  if (!scenarios.data) return failure;
  const canEdit = can(session.role, session.position, 'client.manage');
  const list = scenarios.data.data;
  if (open !== null) {
    const scenario = open === 'new' ? null : (list.find((s) => s.id === open) ?? null);
    return (
      <ScenarioEditor
        key={String(open)}
        lineAccountId={lineAccountId}
        scenario={scenario}
        tags={tags.data?.tags ?? []}
        scenarios={list.map((s) => ({ id: s.id, name: s.name }))}
        canEdit={canEdit}
        editor={(props) => <MessageListEditor {...props} />}
        onDone={() => setOpen(null)}
      />
    );
  }
  return (
    <ScenarioList
      lineAccountId={lineAccountId}
      scenarios={list}
      canEdit={canEdit}
      onOpen={setOpen}
      onCreate={() => setOpen('new')}
    />
  );
}

/** The page's tabs: あいさつメッセージ, シナリオ (ステップ配信). */
function AutomationTabs({ lineAccountId, session }: { lineAccountId: number; session: Session }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(() => new URLSearchParams(window.location.search).get('tab') ?? 'greeting');
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_e, value: string) => setTab(value)} aria-label={t('nav.automation')}>
        <Tab value="greeting" label={t('automation.tabs.greeting')} />
        <Tab value="scenarios" label={t('automation.tabs.scenarios')} data-testid="tab-scenarios" />
      </Tabs>
      {tab === 'scenarios' ? (
        <Scenarios lineAccountId={lineAccountId} session={session} />
      ) : (
        <Greeting lineAccountId={lineAccountId} session={session} />
      )}
    </Stack>
  );
}

/** /client/automation?lineAccountId=N: 自動応答 of one LINE account (the greeting, step delivery). */
export function ClientAutomationPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const selection = useLineAccountSelection();
  const { selected } = selection;
  return (
    <LineAccountGate
      selection={selection}
      header={
        <PageHeader
          title={t('nav.automation')}
          subtitle={selected ? t('automation.subtitle', { name: selected.displayName }) : undefined}
          actions={selection.picker}
        />
      }
    >
      {(account) => <AutomationTabs key={account.id} lineAccountId={account.id} session={session} />}
    </LineAccountGate>
  );
}
