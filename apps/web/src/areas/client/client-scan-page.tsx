import { can, type Session } from '@app/contracts';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import {
  LineAccountGate,
  useLineAccountSelection,
} from '../../features/line-accounts/components/line-account-gate.tsx';
import { memberProgramQueryOptions } from '../../features/member-card/api/member-card.api.ts';
import { CounterPanel } from '../../features/member-card/components/counter-panel.tsx';
import { hasMemberService } from '../../features/member-card/lib/counter-landing.ts';

function Counter(props: { lineAccountId: number; session: Session }) {
  const { t } = useTranslation();
  const program = useQuery(memberProgramQueryOptions(props.lineAccountId));
  if (program.isPending) return <PageLoader />;
  if (program.data === null) return <Alert severity="info">{t('memberCard.scan.noProgram')}</Alert>;
  const { role, position } = props.session;
  return (
    <CounterPanel lineAccountId={props.lineAccountId} canReverse={can(role, position, 'member.manage')} />
  );
}

/** /client/scan?lineAccountId=N: the counter's 読み取り page (staff on a phone). */
export function ClientScanPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const selection = useLineAccountSelection(hasMemberService);
  const { selected } = selection;
  return (
    <LineAccountGate
      selection={selection}
      header={
        <PageHeader
          title={t('nav.scan')}
          subtitle={selected ? t('memberCard.scan.subtitle', { name: selected.displayName }) : undefined}
          actions={selection.picker ?? undefined}
        />
      }
      empty={{
        icon: <QrCodeScanner />,
        title: t('members.noService.title'),
        description: t('members.noService.description'),
      }}
    >
      {(account) => <Counter key={account.id} lineAccountId={account.id} session={session} />}
    </LineAccountGate>
  );
}
