import type { DeliveryMessage } from '@app/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The messages as a friend sees them in LINE on a phone: the account's name at the top, the chat's
 * blue-grey background, each message a bubble (text) or a sticker beside the account's icon.
 */
export function LineChatPreview({
  accountName,
  messages,
}: {
  accountName: string;
  messages: DeliveryMessage[];
}) {
  const { t } = useTranslation();
  return (
    <Box
      aria-label={t('deliveries.preview')}
      data-testid="line-chat-preview"
      sx={{
        width: 300,
        maxWidth: '100%',
        mx: 'auto',
        border: '10px solid #222',
        borderRadius: '32px',
        overflow: 'hidden',
        bgcolor: '#222',
      }}
    >
      <Box sx={{ bgcolor: '#2c3e50', color: '#fff', px: 2, py: 1.25, textAlign: 'center' }}>
        <Typography variant="subtitle2" noWrap>
          {accountName}
        </Typography>
      </Box>
      <Box
        sx={{ bgcolor: '#8CABD9', minHeight: 420, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {messages.length === 0 && (
          <Typography variant="caption" sx={{ color: '#fff', textAlign: 'center', mt: 4 }}>
            {t('deliveries.previewEmpty')}
          </Typography>
        )}
        {messages.map((message, index) => (
          <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Avatar
              sx={{
                width: 30,
                height: 30,
                fontSize: 13,
                bgcolor: '#06C755',
                visibility: index ? 'hidden' : 'visible',
              }}
            >
              {accountName.slice(0, 1)}
            </Avatar>
            {message.type === 'text' ? (
              <Box
                sx={{
                  bgcolor: '#fff',
                  color: '#111',
                  borderRadius: '16px',
                  borderTopLeftRadius: index ? '16px' : 4,
                  px: 1.5,
                  py: 1,
                  maxWidth: '78%',
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  fontSize: 14,
                }}
              >
                {message.text || ' '}
              </Box>
            ) : (
              <Box
                aria-label={t('deliveries.stickerLabel', {
                  packageId: message.packageId,
                  stickerId: message.stickerId,
                })}
                sx={{
                  width: 96,
                  height: 96,
                  borderRadius: 2,
                  bgcolor: 'rgba(255,255,255,0.35)',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontSize: 40,
                }}
              >
                <span aria-hidden>😊</span>
                <Typography variant="caption" sx={{ color: '#fff', fontSize: 10 }}>
                  {message.packageId}/{message.stickerId}
                </Typography>
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
