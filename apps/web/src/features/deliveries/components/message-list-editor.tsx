import type { DeliveryMessage } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CardsMessageEditor, newCardsMessage } from './cards-message-editor.tsx';
import { StickerPicker } from './sticker-picker.tsx';
import { CouponMessageEditor } from './coupon-message-editor.tsx';

const MAX_MESSAGES = 5;

function MessageEditor({
  message,
  index,
  onChange,
  onRemove,
  testIdPrefix,
  lineAccountId,
}: {
  message: DeliveryMessage;
  index: number;
  onChange: (message: DeliveryMessage) => void;
  onRemove: (() => void) | null;
  testIdPrefix: string;
  lineAccountId?: number;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      {message.type === 'text' ? (
        <TextField
          label={t('deliveries.textLabel', { n: index + 1 })}
          value={message.text}
          onChange={(e) => onChange({ type: 'text', text: e.target.value })}
          multiline
          minRows={3}
          fullWidth
          helperText={`${message.text.length} / 5000`}
          slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}message-text-${index}` } }}
        />
      ) : message.type === 'sticker' ? (
        <StickerPicker value={message} index={index} onChange={onChange} />
      ) : message.type === 'coupon' ? (
        <CouponMessageEditor
          value={message}
          index={index}
          lineAccountId={lineAccountId ?? 0}
          onChange={onChange}
        />
      ) : (
        <CardsMessageEditor value={message} index={index} onChange={onChange} />
      )}
      {onRemove && (
        <IconButton aria-label={t('deliveries.removeMessage')} onClick={onRemove}>
          <DeleteOutlined />
        </IconButton>
      )}
    </Box>
  );
}

/**
 * The messages of a delivery (or of a greeting, an auto-reply): up to 5 of LINE's kinds, each edited by
 * its own form. A controlled component: value and onChange. `minMessages`: how many cannot be removed (a
 * delivery needs one; a greeting may be empty); `testIdPrefix` tells two editors on one page apart.
 */
export function MessageListEditor({
  value,
  onChange,
  minMessages = 1,
  testIdPrefix = '',
  lineAccountId,
}: {
  value: DeliveryMessage[];
  onChange: (messages: DeliveryMessage[]) => void;
  minMessages?: number;
  testIdPrefix?: string;
  /** The account whose member-card coupons a coupon message may send (none: no coupon button). */
  lineAccountId?: number;
}) {
  const { t } = useTranslation();
  const add = (message: DeliveryMessage) => onChange([...value, message]);
  const full = value.length >= MAX_MESSAGES;
  return (
    <Stack spacing={2.5}>
      {value.map((message, index) => (
        <MessageEditor
          key={index}
          index={index}
          message={message}
          testIdPrefix={testIdPrefix}
          lineAccountId={lineAccountId}
          onChange={(m) => onChange(value.map((old, i) => (i === index ? m : old)))}
          onRemove={value.length > minMessages ? () => onChange(value.filter((_, i) => i !== index)) : null}
        />
      ))}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button startIcon={<AddOutlined />} disabled={full} onClick={() => add({ type: 'text', text: '' })}>
          {t('deliveries.addText')}
        </Button>
        <Button
          startIcon={<AddOutlined />}
          disabled={full}
          onClick={() => add({ type: 'sticker', packageId: '446', stickerId: '1988' })}
        >
          {t('deliveries.addSticker')}
        </Button>
        <Button startIcon={<AddOutlined />} disabled={full} onClick={() => add(newCardsMessage())}>
          {t('deliveries.addCards')}
        </Button>
        {lineAccountId !== undefined ? (
          <Button
            startIcon={<AddOutlined />}
            disabled={full}
            onClick={() => add({ type: 'coupon', couponId: 0 })}
          >
            {t('deliveries.addCoupon')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
