import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import {
  followingFriendsQueryOptions,
  testRecipientQueryOptions,
  useTestRecipientMutation,
} from '../api/deliveries.api.ts';

/**
 * 自分のLINE: the friend of the account the user links as their own LINE ("me", per user and account),
 * where テスト送信 goes. Picked among the following friends with これは自分です, or unlinked.
 */
export function TestRecipientPicker({ lineAccountId }: { lineAccountId: number }) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const me = useQuery(testRecipientQueryOptions(lineAccountId));
  const linked = me.data?.friend ?? null;
  const friends = useQuery({
    ...followingFriendsQueryOptions(lineAccountId, ''),
    enabled: me.isSuccess && !linked,
  });
  const [friendId, setFriendId] = useState<number | ''>('');
  const mutation = useTestRecipientMutation(lineAccountId);
  const link = async (id: number | null) => {
    try {
      const result = await mutation.mutateAsync(id);
      if (result.friend) showToast(t('deliveries.meLinked', { name: result.friend.displayName }), 'success');
      setFriendId('');
    } catch (failure) {
      showFailure(failure);
    }
  };
  return (
    <Box data-testid="test-recipient">
      <Typography variant="subtitle2" gutterBottom>
        {t('deliveries.me')}
      </Typography>
      {linked ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2">{linked.displayName}</Typography>
          <Button size="small" disabled={mutation.isPending} onClick={() => void link(null)}>
            {t('deliveries.meUnlink')}
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('deliveries.mePick')}
            value={friendId}
            onChange={(e) => setFriendId(Number(e.target.value))}
            helperText={t('deliveries.meNone')}
            sx={{ minWidth: 220 }}
            slotProps={{ htmlInput: { 'data-testid': 'me-select' } }}
          >
            {(friends.data?.data ?? []).map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.displayName}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={friendId === '' || mutation.isPending}
            onClick={() => friendId !== '' && void link(friendId)}
          >
            {t('deliveries.meLink')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
