import { richMenuEndpoints } from '@app/contracts';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * The rich menu areas a friend tapped (decision 0049), the latest first: the menu and the area, how
 * often and when last. Taps through a link area opened outside LINE name nobody and are not here.
 */
export function FriendRichMenuTaps({ lineAccountId, friendId }: { lineAccountId: number; friendId: number }) {
  const { t } = useTranslation();
  const taps = useQuery({
    queryKey: ['rich-menus', lineAccountId, 'friend-taps', friendId],
    queryFn: ({ signal }) =>
      apiRequest(richMenuEndpoints.friendTaps, {
        params: { lineAccountId: String(lineAccountId), friendId: String(friendId) },
        signal,
      }),
  });
  if (taps.isPending) return <Skeleton height={40} />;
  if (taps.isError) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('friends.drawer.richMenuTapsFailed')}
      </Typography>
    );
  }
  if (taps.data.taps.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('friends.drawer.noRichMenuTaps')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="friend-rich-menu-taps">
      {taps.data.taps.map((tap) => (
        <Box
          component="li"
          key={`${tap.richMenuId}:${tap.areaIndex}`}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 2,
            py: 0.75,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {tap.areaLabel ?? t('friends.drawer.richMenuArea', { n: tap.areaIndex + 1 })}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {tap.richMenuName}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
            <Typography variant="body2">
              {t('friends.drawer.richMenuTapCount', { count: tap.taps })}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('friends.drawer.richMenuTapLast', { at: formatDateTime(tap.lastTappedAt) })}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
