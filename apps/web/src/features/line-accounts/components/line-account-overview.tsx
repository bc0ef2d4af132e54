import type { LineAccount } from '@app/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/data/detail-list.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { QrCodeImage } from './qr-code-image.tsx';

/** The add-friend QR code, drawn from the friend URL; LINE's own image is linked when there is one. */
function FriendQrCode({ account }: { account: LineAccount }) {
  const { t } = useTranslation();
  const label = t('lineAccounts.overview.qrCode');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Box
        sx={{
          width: 168,
          height: 168,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          display: 'grid',
          placeItems: 'center',
          bgcolor: '#fff',
          overflow: 'hidden',
        }}
      >
        {account.friendUrl ? (
          <QrCodeImage value={account.friendUrl} label={label} />
        ) : (
          <Typography variant="caption" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
            {t('lineAccounts.overview.qrUnavailable')}
          </Typography>
        )}
      </Box>
      {account.qrCodeUrl ? (
        <Link variant="caption" href={account.qrCodeUrl} target="_blank" rel="noopener noreferrer">
          {label}
        </Link>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
      )}
    </Box>
  );
}

/** What LINE told us about the account, and how people add it as a 友だち. */
export function LineAccountOverview({ account }: { account: LineAccount }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
          <Avatar
            src={account.pictureUrl ?? undefined}
            alt=""
            sx={{ width: 72, height: 72, border: 3, borderColor: account.mainColor }}
          >
            {account.displayName.slice(0, 1)}
          </Avatar>
          <FriendQrCode account={account} />
        </Box>
        <Box sx={{ flex: '1 1 360px', minWidth: 0 }}>
          <DetailList
            items={[
              { label: t('lineAccounts.fields.displayName'), value: account.displayName },
              { label: t('lineAccounts.fields.basicId'), value: account.basicId },
              { label: t('lineAccounts.fields.premiumId'), value: account.premiumId },
              {
                label: t('lineAccounts.fields.operationScope'),
                value: t(`lineAccounts.operationScope.${account.operationScope}`),
              },
              {
                label: t('lineAccounts.fields.friendUrl'),
                isWide: true,
                value: account.friendUrl && (
                  <Link href={account.friendUrl} target="_blank" rel="noopener noreferrer">
                    {account.friendUrl}
                  </Link>
                ),
              },
              { label: t('lineAccounts.fields.channelId'), value: account.channelId },
              { label: t('lineAccounts.fields.loginChannelId'), value: account.loginChannelId },
              {
                label: t('lineAccounts.fields.chatMode'),
                // LINE's words (bot / chat); a mode LINE adds later shows as it came
                value:
                  account.chatMode &&
                  t(`lineAccounts.chatModes.${account.chatMode}`, { defaultValue: account.chatMode }),
              },
              { label: t('lineAccounts.fields.createdAt'), value: formatDateTime(account.createdAt) },
            ]}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
