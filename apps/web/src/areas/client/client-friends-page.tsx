import { can, type SegmentConditions, type Session } from '@app/contracts';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { SimulatorLink } from '../../components/simulator-link.tsx';
import { friendSearchQueryOptions } from '../../features/friends/api/friends.api.ts';
import { FriendScenarios } from '../../features/automation/components/friend-scenarios.tsx';
import { ImageSendButton } from '../../features/deliveries/components/image-send-button.tsx';
import { StickerSendButton } from '../../features/deliveries/components/sticker-send-button.tsx';
import { FriendDrawer } from '../../features/friends/components/friend-drawer.tsx';
import {
  audienceFlags,
  audienceOf,
  FriendTable,
  friendSearchBodyOf,
} from '../../features/friends/components/friend-table.tsx';
import {
  SegmentBuilder,
  segmentOf,
  segmentSize,
} from '../../features/friends/components/segment-builder.tsx';
import { TagManagerButton } from '../../features/friends/components/tag-manager.tsx';
import { SaveSegmentButton } from '../../features/deliveries/components/save-segment-button.tsx';
import {
  LineAccountGate,
  useLineAccountSelection,
} from '../../features/line-accounts/components/line-account-gate.tsx';
import { useListParams } from '../../lib/use-list-params.ts';
import { useSegmentChoices } from './use-segment-choices.ts';

const FRIEND_LIST_POLL_MS = 15_000;

/** The list's current search as a saved segment's conditions (no paging, no follow state). */
function segmentConditionsOf(params: ReturnType<typeof useListParams>): SegmentConditions {
  const { page: _page, limit: _limit, isFriend: _isFriend, ...conditions } = friendSearchBodyOf(params);
  return {
    condition: conditions.condition ?? 'AND',
    isShiftServiceUser: conditions.isShiftServiceUser ?? true,
    isMemberServiceUser: conditions.isMemberServiceUser ?? true,
    includeNonMembers: conditions.includeNonMembers ?? false,
    ...(conditions.memberCode ? { memberCode: conditions.memberCode } : {}),
    ...(conditions.search ? { search: conditions.search } : {}),
    ...(conditions.memberAttributes ? { memberAttributes: conditions.memberAttributes } : {}),
    ...(conditions.hasTags ? { hasTags: conditions.hasTags } : {}),
    ...(conditions.lacksTags ? { lacksTags: conditions.lacksTags } : {}),
    ...(conditions.memberRanks ? { memberRanks: conditions.memberRanks } : {}),
    ...(conditions.pointsBalance ? { pointsBalance: conditions.pointsBalance } : {}),
    ...(conditions.visitCount ? { visitCount: conditions.visitCount } : {}),
    ...(conditions.holdsCoupons ? { holdsCoupons: conditions.holdsCoupons } : {}),
    ...(conditions.inflowRoutes ? { inflowRoutes: conditions.inflowRoutes } : {}),
    ...(conditions.inScenarios ? { inScenarios: conditions.inScenarios } : {}),
    ...(conditions.finishedScenarios ? { finishedScenarios: conditions.finishedScenarios } : {}),
    ...(conditions.clickedDeliveries ? { clickedDeliveries: conditions.clickedDeliveries } : {}),
    ...(conditions.clickedWithinDays ? { clickedWithinDays: conditions.clickedWithinDays } : {}),
    ...(conditions.tappedAreas ? { tappedAreas: conditions.tappedAreas } : {}),
  };
}

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

/** Friends ticked on the list (across pages): 配信する opens a new delivery to them. */
function usePickedFriends(lineAccountId: number) {
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const navigate = useNavigate();
  const toggle = (friend: { id: number; displayName: string }) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(friend.id)) next.delete(friend.id);
      else next.set(friend.id, friend.displayName);
      return next;
    });
  const send = () =>
    void navigate(`/client/deliveries?lineAccountId=${lineAccountId}&compose=1`, {
      state: { pickedFriends: [...picked].map(([id, displayName]) => ({ id, displayName })) },
    });
  /** 配信する from the segment builder: the list's current conditions, unsaved, carried to the composer. */
  const sendToConditions = (conditions: SegmentConditions) =>
    void navigate(`/client/deliveries?lineAccountId=${lineAccountId}&compose=1`, { state: { conditions } });
  return { picked, toggle, send, sendToConditions, clear: () => setPicked(new Map()) };
}

function FriendList({ lineAccountId, session }: { lineAccountId: number; session: Session }) {
  const { t } = useTranslation();
  const params = useListParams();
  const picking = usePickedFriends(lineAccountId);
  const canWork = can(session.role, session.position, 'client.work');
  // New followers arrive through LINE's webhook: look again now and then.
  const friends = useQuery({
    ...friendSearchQueryOptions(lineAccountId, friendSearchBodyOf(params)),
    refetchInterval: FRIEND_LIST_POLL_MS,
  });
  const [openFriendId, setOpenFriendId] = useOpenFriend();
  // the segment builder's choices (member attributes, tags, the card, routes, scenarios, clicks, taps)
  const choices = useSegmentChoices(lineAccountId, session);
  const { page: _page, limit: _limit, ...conditions } = friendSearchBodyOf(params);
  /** A filter is on (the segment builder, a search or a narrower audience): its friends may be sent to. */
  const filtering =
    segmentSize(segmentOf(params)) > 0 || Boolean(conditions.search) || audienceOf(params) !== 'all';
  return (
    <>
      <FriendTable
        query={friends}
        params={params}
        onOpen={(f) => setOpenFriendId(f.id)}
        {...(canWork
          ? {
              selection: {
                isSelected: (id: number) => picking.picked.has(id),
                onToggle: picking.toggle,
              },
            }
          : {})}
        toolbarExtra={
          <>
            {canWork && picking.picked.size > 0 && (
              <>
                <Button
                  variant="contained"
                  startIcon={<SendOutlined />}
                  onClick={picking.send}
                  data-testid="send-to-picked"
                >
                  {t('templates.sendToPicked', { count: picking.picked.size })}
                </Button>
                <Button onClick={picking.clear}>{t('templates.clearPicked')}</Button>
              </>
            )}
            <SegmentBuilder
              params={params}
              attributes={choices.attributes}
              audienceFlags={audienceFlags[audienceOf(params)] as Required<(typeof audienceFlags)['all']>}
              tags={choices.tags}
              options={choices.options}
            />
            <TagManagerButton
              lineAccountId={lineAccountId}
              canManage={can(session.role, session.position, 'client.manage')}
              canWork={can(session.role, session.position, 'client.work')}
              conditions={conditions}
              matching={friends.data?.pagination.totalItems}
              matchingIsEstimate={friends.data?.pagination.totalIsEstimate ?? false}
            />
            {canWork && (
              <SaveSegmentButton lineAccountId={lineAccountId} conditions={segmentConditionsOf(params)} />
            )}
            {canWork && filtering && (
              <Button
                startIcon={<SendOutlined />}
                onClick={() => picking.sendToConditions(segmentConditionsOf(params))}
                data-testid="send-to-conditions"
              >
                {t('templates.sendToConditions')}
              </Button>
            )}
          </>
        }
      />
      <FriendDrawer
        lineAccountId={lineAccountId}
        friendId={openFriendId}
        canWork={can(session.role, session.position, 'client.work')}
        onClose={() => setOpenFriendId(null)}
        replySticker={(send) => <StickerSendButton onSend={send} />}
        replyImage={(send) => <ImageSendButton lineAccountId={lineAccountId} onSend={send} />}
        extra={
          openFriendId === null
            ? undefined
            : {
                title: t('scenarios.friend.title'),
                content: <FriendScenarios lineAccountId={lineAccountId} friendId={openFriendId} />,
              }
        }
      />
    </>
  );
}

/** /client/friends?lineAccountId=N: the 友だち of one LINE account (the first one when none is named). */
export function ClientFriendsPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const selection = useLineAccountSelection();
  const { selected } = selection;
  return (
    <LineAccountGate
      selection={selection}
      header={
        <PageHeader
          title={t('nav.friends')}
          subtitle={selected ? t('friends.subtitle', { name: selected.displayName }) : undefined}
          actions={
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <SimulatorLink url={session.lineSimulatorUrl} />
              {selection.picker}
            </Box>
          }
        />
      }
    >
      {(account) => <FriendList key={account.id} lineAccountId={account.id} session={session} />}
    </LineAccountGate>
  );
}
