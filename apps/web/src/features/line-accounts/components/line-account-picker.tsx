import type { LineAccount } from '@app/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Choose which LINE公式アカウント a page works on (shown when the client has several). */
export function LineAccountPicker({
  accounts,
  value,
  onChange,
}: {
  accounts: Pick<LineAccount, 'id' | 'displayName' | 'basicId' | 'pictureUrl'>[];
  value: number | null;
  onChange: (lineAccountId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('lineAccounts.picker')}
      value={value ?? ''}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 260, maxWidth: 360 }}
    >
      {accounts.map((a) => (
        <MenuItem key={a.id} value={a.id}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Avatar src={a.pictureUrl ?? undefined} alt="" sx={{ width: 24, height: 24 }}>
              {a.displayName.slice(0, 1)}
            </Avatar>
            {a.displayName}
            {a.basicId && (
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
                {a.basicId}
              </Box>
            )}
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
