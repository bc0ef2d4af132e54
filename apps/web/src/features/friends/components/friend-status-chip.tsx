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
