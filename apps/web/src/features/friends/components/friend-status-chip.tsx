import type { Friend } from '@app/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/**
 * 友だち, ブロック when the user blocked the account (isFriend false after a follow), or 未追加 for a user who
 * wrote to the account without ever adding it (isFriend false, no follow date): not a block.
 */
export function FriendStatusChip({ friend }: { friend: Pick<Friend, 'isFriend' | 'followedAt'> }) {
  const { t } = useTranslation();
  const status = friend.isFriend ? 'friend' : friend.followedAt ? 'blocked' : 'notFollowing';
  return (
    <Chip
      size="small"
      variant={friend.isFriend ? 'outlined' : 'filled'}
      color={friend.isFriend ? 'success' : 'default'}
      label={t(`friends.status.${status}`)}
    />
  );
}

/**
 * 区分: what the friend is to the services (SPEC's friend search audiences): 会員 of the member service,
 * スタッフ of the shift service (承認待ち until approved), or 一般 (neither: only a friend).
 */
export function FriendKindChips({ friend }: { friend: Pick<Friend, 'member' | 'staff'> }) {
  const { t } = useTranslation();
  if (!friend.member && !friend.staff) {
    return <Chip size="small" variant="outlined" label={t('friends.kind.general')} />;
  }
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {friend.member && <Chip size="small" color="primary" label={t('friends.member')} />}
      {friend.staff && (
        <Chip
          size="small"
          color={friend.staff.status === 'PENDING' ? 'warning' : 'secondary'}
          label={friend.staff.status === 'PENDING' ? t('friends.kind.pendingStaff') : t('friends.staff')}
        />
      )}
    </Box>
  );
}
