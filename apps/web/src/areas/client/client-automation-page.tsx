import { can, type Session } from '@app/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useQueryFailure } from '../../components/query-failure.tsx';
import {
  automationSendsQueryOptions,
  greetingQueryOptions,
  keywordRepliesQueryOptions,
  postbackActionsQueryOptions,
} from '../../features/automation/api/automation.api.ts';
import type { AutomationChoices } from '../../features/automation/components/automation-actions-editor.tsx';
import { AutomationSendsPanel } from '../../features/automation/components/automation-sends-panel.tsx';
import { GreetingForm } from '../../features/automation/components/greeting-form.tsx';
import { KeywordRepliesPanel } from '../../features/automation/components/keyword-replies-panel.tsx';
import { PostbackActionsPanel } from '../../features/automation/components/postback-actions-panel.tsx';
import { scenariosQueryOptions } from '../../features/automation/api/scenarios.api.ts';
import { ScenarioEditor } from '../../features/automation/components/scenario-editor.tsx';
import { ScenarioList } from '../../features/automation/components/scenario-list.tsx';
import { segmentsQueryOptions } from '../../features/deliveries/api/deliveries.api.ts';
import { memberProgramQueryOptions } from '../../features/member-card/api/member-card.api.ts';
import { LineChatPreview } from '../../features/deliveries/components/line-chat-preview.tsx';
import { MessageListEditor } from '../../features/deliveries/components/message-list-editor.tsx';
import { tagsQueryOptions } from '../../features/friends/api/tags.api.ts';
import {
  LineAccountGate,
  useLineAccountSelection,
} from '../../features/line-accounts/components/line-account-gate.tsx';
import { settingsQueryOptions } from '../../features/notifications/api/notifications.api.ts';
import { richMenusQueryOptions } from '../../features/rich-menus/api/rich-menus.api.ts';
import { StepConditionsEditor } from './step-conditions-editor.tsx';

function Greeting({
  lineAccountId,
  accountName,
  session,
}: {
  lineAccountId: number;
  accountName: string;
  session: Session;
}) {
  const greeting = useQuery(greetingQueryOptions(lineAccountId));
  const failure = useQueryFailure(greeting);
  if (!greeting.data) return failure;
  return (
    <GreetingForm
      key={greeting.data.updatedAt ?? 'new'}
      lineAccountId={lineAccountId}
      greeting={greeting.data}
      canEdit={can(session.role, session.position, 'client.manage')}
      editor={(props) => (
        // the messages beside their preview: images and rich messages as the friend will see them
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 300px' } }}>
          <MessageListEditor {...props} minMessages={0} lineAccountId={lineAccountId} nameInsert />
          {props.value.length > 0 && <LineChatPreview accountName={accountName} messages={props.value} />}
        </Box>
      )}
    />
  );
}

/** The account's tags, rich menus, notification groups and scenarios an action may name (empty while loading). */
function useChoices(lineAccountId: number, canEdit: boolean): AutomationChoices {
  const tags = useQuery({ ...tagsQueryOptions(lineAccountId), enabled: canEdit });
  const menus = useQuery({ ...richMenusQueryOptions(lineAccountId), enabled: canEdit });
  const groups = useQuery({ ...settingsQueryOptions(lineAccountId), enabled: canEdit });
  const scenarios = useQuery({ ...scenariosQueryOptions(lineAccountId), enabled: canEdit });
  return {
    tags: tags.data?.tags.map((t) => ({ id: t.id, name: t.name })) ?? [],
    richMenus: menus.data?.data.map((m) => ({ id: m.id, name: m.name })) ?? [],
    groups: groups.data?.data.map((g) => ({ id: g.lineMessageSettingId, name: g.label })) ?? [],
    scenarios: scenarios.data?.data.map((s) => ({ id: s.id, name: s.name })) ?? [],
  };
}

const editor = (props: Parameters<typeof MessageListEditor>[0]) => (
  <MessageListEditor {...props} minMessages={0} />
);

function KeywordReplies({ lineAccountId, session }: { lineAccountId: number; session: Session }) {
  const canEdit = can(session.role, session.position, 'client.manage');
  const replies = useQuery(keywordRepliesQueryOptions(lineAccountId));
  const choices = useChoices(lineAccountId, canEdit);
  const failure = useQueryFailure(replies);
  if (!replies.data) return failure;
  return (
    <KeywordRepliesPanel
      lineAccountId={lineAccountId}
      replies={replies.data}
      canEdit={canEdit}
      editor={editor}
      choices={choices}
    />
  );
}

/** ステップ配信: the list of scenarios, or one open in the editor ('new' for a new one). */
function Scenarios({
  lineAccountId,
  accountName,
  session,
}: {
  lineAccountId: number;
  accountName: string;
  session: Session;
}) {
  const scenarios = useQuery(scenariosQueryOptions(lineAccountId));
  const tags = useQuery(tagsQueryOptions(lineAccountId));
  const segments = useQuery(segmentsQueryOptions(lineAccountId));
  // the member card's ranks for ランクに到達した時 (none when the account has no member service or programme)
  const program = useQuery({ ...memberProgramQueryOptions(lineAccountId), retry: false });
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
        segments={segments.data?.data.map((s) => ({ id: s.id, name: s.name })) ?? []}
        scenarios={list.map((s) => ({ id: s.id, name: s.name }))}
        ranks={program.data?.ranks.map((r) => r.name) ?? []}
        canEdit={canEdit}
        editor={(props) => (
          // as the greeting: the friend's name offered, the messages beside their preview (a sample name)
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 300px' } }}>
            <MessageListEditor {...props} lineAccountId={lineAccountId} nameInsert />
            {props.value.length > 0 && <LineChatPreview accountName={accountName} messages={props.value} />}
          </Box>
        )}
        conditionsEditor={(props) => (
          <StepConditionsEditor {...props} lineAccountId={lineAccountId} session={session} />
        )}
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

function Postbacks({ lineAccountId, session }: { lineAccountId: number; session: Session }) {
  const canEdit = can(session.role, session.position, 'client.manage');
  const postbacks = useQuery(postbackActionsQueryOptions(lineAccountId));
  const choices = useChoices(lineAccountId, canEdit);
  const failure = useQueryFailure(postbacks);
  if (!postbacks.data) return failure;
  return (
    <PostbackActionsPanel
      lineAccountId={lineAccountId}
      items={postbacks.data.items}
      canEdit={canEdit}
      editor={editor}
      choices={choices}
    />
  );
}

function Sends({ lineAccountId }: { lineAccountId: number }) {
  const sends = useQuery(automationSendsQueryOptions(lineAccountId));
  const failure = useQueryFailure(sends);
  if (!sends.data) return failure;
  return <AutomationSendsPanel sends={sends.data} />;
}

const tabs = ['greeting', 'keywords', 'scenarios', 'postbacks', 'sends'] as const;
type AutomationTab = (typeof tabs)[number];
/** The tab named in the address (?tab=scenarios), else the greeting. */
const tabOfAddress = (): AutomationTab => {
  const named = new URLSearchParams(window.location.search).get('tab');
  return tabs.find((x) => x === named) ?? 'greeting';
};

/** /client/automation?lineAccountId=N: 自動応答 of one LINE account (greeting, 応答メッセージ, ステップ配信, postbacks, sends). */
export function ClientAutomationPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const selection = useLineAccountSelection();
  const { selected } = selection;
  const [tab, setTab] = useState<AutomationTab>(tabOfAddress);
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
      {(account) => (
        <Stack spacing={2} key={account.id}>
          <Tabs value={tab} onChange={(_, v: AutomationTab) => setTab(v)} variant="scrollable">
            {tabs.map((value) => (
              <Tab
                key={value}
                value={value}
                label={t(`automation.tabs.${value}`)}
                data-testid={`tab-${value}`}
              />
            ))}
          </Tabs>
          {tab === 'greeting' && (
            <Greeting lineAccountId={account.id} accountName={account.displayName} session={session} />
          )}
          {tab === 'keywords' && <KeywordReplies lineAccountId={account.id} session={session} />}
          {tab === 'scenarios' && (
            <Scenarios lineAccountId={account.id} accountName={account.displayName} session={session} />
          )}
          {tab === 'postbacks' && <Postbacks lineAccountId={account.id} session={session} />}
          {tab === 'sends' && <Sends lineAccountId={account.id} />}
        </Stack>
      )}
    </LineAccountGate>
  );
}
