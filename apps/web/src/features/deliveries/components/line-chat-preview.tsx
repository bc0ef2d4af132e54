import { fillFriendName, type DeliveryCards, type DeliveryMessage } from '@app/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StickerImage } from './sticker-picker.tsx';
import { ImagePreview } from './image-preview.tsx';

const yen = (price: number) => `¥${price.toLocaleString('ja-JP')}`;

/** A card-type message as LINE shows a Flex carousel: cards side by side, scrolled sideways. */
function CardsPreview({ message }: { message: DeliveryCards }) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('deliveries.cardsPreviewLabel', { altText: message.altText })}
      data-testid="preview-cards"
      tabIndex={0}
      sx={{ display: 'flex', gap: 1, overflowX: 'auto', maxWidth: 'calc(100% - 38px)', pb: 0.5 }}
    >
      {message.cards.map((card, index) => (
        <Box
          key={index}
          sx={{
            flex: '0 0 200px',
            bgcolor: '#fff',
            color: '#111',
            borderRadius: '14px',
            overflow: 'hidden',
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          {card.imageUrl && (
            <Box
              component="img"
              src={card.imageUrl}
              alt=""
              sx={{ width: '100%', aspectRatio: '20 / 13', objectFit: 'cover', bgcolor: '#ddd' }}
            />
          )}
          <Box sx={{ p: 1.25, display: 'flex', flexDirection: 'column', gap: 0.5, flex: 1 }}>
            <Box sx={{ fontWeight: 700, fontSize: 15, wordBreak: 'break-word' }}>{card.title || ' '}</Box>
            {card.price !== null && <Box sx={{ fontWeight: 700, fontSize: 14 }}>{yen(card.price)}</Box>}
            {card.text && (
              <Box sx={{ fontSize: 12, color: '#555', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {card.text}
              </Box>
            )}
          </Box>
          {card.actions.length > 0 && (
            <Box sx={{ p: 1, pt: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
              {card.actions.map((action, no) => (
                <Box
                  key={no}
                  sx={{
                    textAlign: 'center',
                    fontSize: 13,
                    fontWeight: 700,
                    borderRadius: '6px',
                    py: 0.75,
                    // LINE's primary button (the first) on its green with dark text reads at AA
                    bgcolor: no === 0 ? '#06C755' : '#EEEEEE',
                    color: '#111',
                  }}
                >
                  {action.label || ' '}
                </Box>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** A coupon message: the card LINE shows (its coupon's words are filled in when it is sent). */
function CouponPreview() {
  const { t } = useTranslation();
  return (
    <Box sx={{ bgcolor: '#fff', color: '#111', borderRadius: '12px', p: 1.5, width: 200 }}>
      <Box sx={{ fontSize: 11, fontWeight: 700, color: '#05803C' }}>{t('deliveries.couponTag')}</Box>
      <Box sx={{ fontSize: 14, fontWeight: 700, my: 0.5 }}>{t('deliveries.couponPreview')}</Box>
      <Box
        sx={{
          textAlign: 'center',
          borderRadius: '6px',
          py: 0.75,
          bgcolor: '#06C755',
          color: '#111',
          fontSize: 13,
        }}
      >
        {t('deliveries.couponClaim')}
      </Box>
    </Box>
  );
}

function MessageBubble({ message, first }: { message: DeliveryMessage; first: boolean }) {
  const { t } = useTranslation();
  if (message.type === 'cards') return <CardsPreview message={message} />;
  if (message.type === 'image' || message.type === 'imagemap') return <ImagePreview message={message} />;
  if (message.type === 'coupon') return <CouponPreview />;
  return message.type === 'text' ? (
    <Box
      sx={{
        bgcolor: '#fff',
        color: '#111',
        borderRadius: '16px',
        borderTopLeftRadius: first ? 4 : '16px',
        px: 1.5,
        py: 1,
        maxWidth: '78%',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontSize: 14,
      }}
    >
      {fillFriendName(message.text, t('templates.sampleName')) || ' '}
    </Box>
  ) : (
    <Box
      role="img"
      aria-label={t('deliveries.stickerLabel', {
        packageId: message.packageId,
        stickerId: message.stickerId,
      })}
      sx={{
        width: 96,
        height: 96,
        borderRadius: 2,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <StickerImage stickerId={message.stickerId} size={88} />
    </Box>
  );
}

/**
 * The messages as a friend sees them in LINE on a phone: the account's name at the top, the chat's
 * blue-grey background, each message a bubble (text), a sticker or a carousel of cards beside the account's icon.
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
            <MessageBubble message={message} first={index === 0} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
