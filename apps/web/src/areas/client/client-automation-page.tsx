import { can, type Session } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useQueryFailure } from '../../components/query-failure.tsx';
import { greetingQueryOptions } from '../../features/automation/api/automation.api.ts';
import { GreetingForm } from '../../features/automation/components/greeting-form.tsx';
import { MessageListEditor } from '../../features/deliveries/components/message-list-editor.tsx';
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
      editor={(props) => (
        <MessageListEditor {...props} minMessages={0} lineAccountId={lineAccountId} nameInsert />
      )}
    />
  );
}

/** /client/automation?lineAccountId=N: 自動応答 of one LINE account (this slice: the greeting). */
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
      {(account) => <Greeting key={account.id} lineAccountId={account.id} session={session} />}
    </LineAccountGate>
  );
}
