import type { LineAccount } from '@app/contracts';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useQueryFailure } from '../../../components/query-failure.tsx';
import { StatusState } from '../../../components/status-state.tsx';
import { paths } from '../../../config/routes.ts';
import { useLineAccountIdParam, useRememberedLineAccountId } from '../../../lib/line-account-param.ts';
import { lineAccountsQueryOptions } from '../api/line-accounts.api.ts';
import { LineAccountPicker } from './line-account-picker.tsx';

export type LineAccountSelection = ReturnType<typeof useLineAccountSelection>;

/**
 * The LINE account a client page works on: the one named by ?lineAccountId, else the one last worked on,
 * else the first active one
 * (written into the address, keeping the rest of it, so the page stays shareable). `among` narrows the
 * accounts offered (those with a service, say). `picker` is the account chooser for the page header,
 * null when there is only one account to choose; choosing one starts the page afresh (filters dropped).
 */
export function useLineAccountSelection(among?: (account: LineAccount) => boolean) {
  const accounts = useQuery(lineAccountsQueryOptions());
  const failure = useQueryFailure(accounts);
  const lineAccountId = useLineAccountIdParam();
  const remembered = useRememberedLineAccountId();
  const [, setSearchParams] = useSearchParams();
  const all = accounts.data?.data ?? [];
  const list = among ? all.filter(among) : all;
  const selected = list.find((a) => a.id === lineAccountId);
  const fallback =
    list.find((a) => a.id === remembered) ?? list.find((a) => a.status === 'ACTIVE') ?? list[0];
  useEffect(() => {
    if (!selected && fallback) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('lineAccountId', String(fallback.id));
          return next;
        },
        { replace: true },
      );
    }
  }, [selected, fallback, setSearchParams]);
  const picker =
    list.length > 1 ? (
      <LineAccountPicker
        accounts={list}
        value={selected?.id ?? null}
        onChange={(id) => setSearchParams({ lineAccountId: String(id) })}
      />
    ) : null;
  return { query: accounts, failure, list, selected, picker };
}

/**
 * The frame of a page about one LINE account: the header, then the accounts' loading, failure or
 * "connect an account first" state, then the page itself for the selected account.
 */
export function LineAccountGate({
  selection,
  header,
  empty,
  children,
}: {
  selection: LineAccountSelection;
  header?: ReactNode;
  /** What to say when there is no account to choose (default: no LINE account connected yet). */
  empty?: { icon?: ReactNode; title: string; description: string };
  children: (account: LineAccount) => ReactNode;
}) {
  const { t } = useTranslation();
  const { query, failure, list, selected } = selection;
  if (query.isPending) return <PageLoader />;
  let body: ReactNode;
  if (query.isError) body = <Card>{failure}</Card>;
  else if (list.length === 0) {
    body = (
      <Card>
        <StatusState
          icon={empty?.icon ?? <ChatOutlined />}
          title={empty?.title ?? t('friends.noAccount.title')}
          description={empty?.description ?? t('friends.noAccount.description')}
          action={
            <Button variant="contained" component={RouterLink} to={`${paths.client}/line-accounts`}>
              {t('nav.lineAccounts')}
            </Button>
          }
        />
      </Card>
    );
  } else body = selected ? children(selected) : <PageLoader />;
  return (
    <>
      {header}
      {body}
    </>
  );
}
