import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLICKED_FRIENDS_SHOWN } from '@app/contracts';
import { formatCount } from '../../../lib/format.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { deliveryQueryOptions } from '../api/deliveries.api.ts';
import { formatJapanTime } from '../lib/delivery-texts.ts';

/**
 * クリックした友だち: who tapped a delivery's links (the friends its links named: a push per friend,
 * decision 0047), the latest first, with how many of its links each tapped.
 */
export function ClickedFriendsButton({
  lineAccountId,
  deliveryId,
  title,
}: {
  lineAccountId: number;
  deliveryId: number;
  title: string;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [open, setOpen] = useState(false);
  const detail = useQuery({ ...deliveryQueryOptions(lineAccountId, deliveryId), enabled: open });
  const friends = detail.data?.clickedFriends ?? [];
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`clicked-friends-${deliveryId}`}>
        {t('deliveries.clickedFriends.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('deliveries.clickedFriends.title', { title })}</DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          {detail.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {showFailure(detail.error)}
            </Alert>
          ) : detail.isPending ? (
            <Typography sx={{ p: 2 }}>{t('common.loading')}</Typography>
          ) : friends.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('deliveries.clickedFriends.none')}
            </Typography>
          ) : (
            <List dense data-testid="clicked-friends-list">
              {friends.map((f) => (
                <ListItem key={f.id}>
                  <ListItemText
                    primary={f.displayName || `#${f.id}`}
                    secondary={t('deliveries.clickedFriends.row', {
                      links: formatCount(f.links),
                      at: formatJapanTime(f.lastClickedAt),
                    })}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {friends.length >= CLICKED_FRIENDS_SHOWN && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 2 }}>
              {t('deliveries.clickedFriends.more', { count: CLICKED_FRIENDS_SHOWN })}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
