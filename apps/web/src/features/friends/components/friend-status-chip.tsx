import type { Friend } from '@app/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** 友だち, or ブロック when the user blocked the account (isFriend false). */
export function FriendStatusChip({ isFriend }: { isFriend: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={isFriend ? 'outlined' : 'filled'}
      color={isFriend ? 'success' : 'default'}
      label={isFriend ? t('friends.status.friend') : t('friends.status.blocked')}
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
