import { can, type Session } from '@app/contracts';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { SimulatorLink } from '../../components/simulator-link.tsx';
import { StatusState } from '../../components/status-state.tsx';
import { paths } from '../../config/routes.ts';
import { useLineAccountIdParam } from '../../features/branding/api/use-branding.ts';
import { friendSearchQueryOptions } from '../../features/friends/api/friends.api.ts';
import { FriendDrawer } from '../../features/friends/components/friend-drawer.tsx';
import {
  audienceFlags,
  audienceOf,
  FriendTable,
  friendSearchBodyOf,
} from '../../features/friends/components/friend-table.tsx';
import { SegmentBuilder } from '../../features/friends/components/segment-builder.tsx';
import { memberAttributesQueryOptions } from '../../features/members/api/members.api.ts';
import { lineAccountsQueryOptions } from '../../features/line-accounts/api/line-accounts.api.ts';
import { LineAccountPicker } from '../../features/line-accounts/components/line-account-picker.tsx';
import { useListParams } from '../../lib/use-list-params.ts';
import { useQueryFailure } from '../../components/query-failure.tsx';

const FRIEND_LIST_POLL_MS = 15_000;

/** `?friend=N`: the friend whose drawer is open. */
function useOpenFriend(): [number | null, (friendId: number | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('friend');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const setId = (friendId: number | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (friendId === null) next.delete('friend');
      else next.set('friend', String(friendId));
      return next;
    });
  return [id, setId];
}

function FriendList({ lineAccountId, session }: { lineAccountId: number; session: Session }) {
  const params = useListParams();
  // New followers arrive through LINE's webhook: look again now and then.
  const friends = useQuery({
    ...friendSearchQueryOptions(lineAccountId, friendSearchBodyOf(params)),
    refetchInterval: FRIEND_LIST_POLL_MS,
  });
  const [openFriendId, setOpenFriendId] = useOpenFriend();
  // Member attribute conditions need the member service's definitions (none when it is not linked).
  const attributes = useQuery({
    ...memberAttributesQueryOptions(lineAccountId),
    enabled: can(session.role, session.position, 'member.read'),
    retry: false,
  });
  return (
    <>
      <FriendTable
        query={friends}
        params={params}
        onOpen={(f) => setOpenFriendId(f.id)}
        toolbarExtra={
          <SegmentBuilder
            params={params}
            attributes={attributes.data ?? []}
            audienceFlags={audienceFlags[audienceOf(params)] as Required<(typeof audienceFlags)['all']>}
          />
        }
      />
      <FriendDrawer
        lineAccountId={lineAccountId}
        friendId={openFriendId}
        canWork={can(session.role, session.position, 'client.work')}
        onClose={() => setOpenFriendId(null)}
      />
    </>
  );
}

/** /client/friends?lineAccountId=N: the 友だち of one LINE account (the first one when none is named). */
export function ClientFriendsPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const accounts = useQuery(lineAccountsQueryOptions());
  const accountsFailure = useQueryFailure(accounts);
  const lineAccountId = useLineAccountIdParam();
  const [, setSearchParams] = useSearchParams();
  const list = accounts.data?.data ?? [];
  const selected = list.find((a) => a.id === lineAccountId);
  const fallback = list.find((a) => a.status === 'ACTIVE') ?? list[0];

  // No (known) account named: open the first one, keeping the address shareable.
  useEffect(() => {
    if (!selected && fallback) {
      setSearchParams({ lineAccountId: String(fallback.id) }, { replace: true });
    }
  }, [selected, fallback, setSearchParams]);

  const pick = (id: number) => setSearchParams({ lineAccountId: String(id) });

  const header = (
    <PageHeader
      title={t('nav.friends')}
      subtitle={selected ? t('friends.subtitle', { name: selected.displayName }) : undefined}
      actions={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <SimulatorLink url={session.lineSimulatorUrl} />
          {list.length > 1 && (
            <LineAccountPicker accounts={list} value={selected?.id ?? null} onChange={pick} />
          )}
        </Box>
      }
    />
  );

  if (accounts.isPending) return <PageLoader />;
  if (accounts.isError) {
    return (
      <>
        {header}
        <Card>{accountsFailure}</Card>
      </>
    );
  }
  if (list.length === 0) {
    return (
      <>
        {header}
        <Card>
          <StatusState
            icon={<ChatOutlined />}
            title={t('friends.noAccount.title')}
            description={t('friends.noAccount.description')}
            action={
              <Button variant="contained" component={RouterLink} to={`${paths.client}/line-accounts`}>
                {t('nav.lineAccounts')}
              </Button>
            }
          />
        </Card>
      </>
    );
  }
  return (
    <>
      {header}
      {selected ? (
        <FriendList key={selected.id} lineAccountId={selected.id} session={session} />
      ) : (
        <PageLoader />
      )}
    </>
  );
}
