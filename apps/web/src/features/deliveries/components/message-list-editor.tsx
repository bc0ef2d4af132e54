import { FRIEND_NAME_PLACEHOLDER, type DeliveryMessage } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CardsMessageEditor, newCardsMessage } from './cards-message-editor.tsx';
import { StickerPicker } from './sticker-picker.tsx';
import { TemplateInsertButton } from './template-insert-button.tsx';
import { ImageMessageEditor, newImageMessage } from './image-message-editor.tsx';
import { ImagemapEditor, newImagemapMessage } from './imagemap-editor.tsx';
import { CouponMessageEditor } from './coupon-message-editor.tsx';

const MAX_MESSAGES = 5;

function MessageEditor({
  message,
  index,
  onChange,
  onRemove,
  testIdPrefix,
  nameInsert,
  lineAccountId,
}: {
  message: DeliveryMessage;
  index: number;
  onChange: (message: DeliveryMessage) => void;
  onRemove: (() => void) | null;
  testIdPrefix: string;
  nameInsert: boolean;
  lineAccountId: number | undefined;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLTextAreaElement | null>(null);
  /** The friend-name placeholder at the caret (or at the end), the caret after it. */
  const insertName = () => {
    if (message.type !== 'text') return;
    const el = input.current;
    const at = el ? el.selectionStart : message.text.length;
    const end = el ? el.selectionEnd : at;
    const text = message.text.slice(0, at) + FRIEND_NAME_PLACEHOLDER + message.text.slice(end);
    onChange({ type: 'text', text });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + FRIEND_NAME_PLACEHOLDER.length, at + FRIEND_NAME_PLACEHOLDER.length);
    });
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      {message.type === 'text' ? (
        <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
          <TextField
            inputRef={input}
            label={t('deliveries.textLabel', { n: index + 1 })}
            value={message.text}
            onChange={(e) => onChange({ type: 'text', text: e.target.value })}
            multiline
            minRows={3}
            fullWidth
            helperText={`${message.text.length} / 5000`}
            slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}message-text-${index}` } }}
          />
          {nameInsert && (
            <Box>
              <Button
                size="small"
                startIcon={<PersonOutlined />}
                onClick={insertName}
                data-testid={`${testIdPrefix}insert-name-${index}`}
              >
                {t('templates.insertName')}
              </Button>
            </Box>
          )}
        </Stack>
      ) : message.type === 'sticker' ? (
        <StickerPicker value={message} index={index} onChange={onChange} />
      ) : message.type === 'coupon' ? (
        <CouponMessageEditor
          value={message}
          index={index}
          lineAccountId={lineAccountId ?? 0}
          onChange={onChange}
        />
      ) : message.type === 'cards' ? (
        <CardsMessageEditor value={message} index={index} onChange={onChange} />
      ) : message.type === 'image' && lineAccountId !== undefined ? (
        <ImageMessageEditor value={message} index={index} lineAccountId={lineAccountId} onChange={onChange} />
      ) : message.type === 'imagemap' && lineAccountId !== undefined ? (
        <ImagemapEditor value={message} index={index} lineAccountId={lineAccountId} onChange={onChange} />
      ) : null}
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
 * `lineAccountId`: offers テンプレートから挿入 (the account's templates, 定型文) and image and rich messages
 * (uploaded to the account); `nameInsert`: a button under each text that inserts the friend-name
 * placeholder (where each friend gets their own message).
 */
export function MessageListEditor({
  value,
  onChange,
  minMessages = 1,
  testIdPrefix = '',
  lineAccountId,
  nameInsert = false,
}: {
  value: DeliveryMessage[];
  onChange: (messages: DeliveryMessage[]) => void;
  minMessages?: number;
  testIdPrefix?: string;
  /** The account: templates, uploaded images, and the member-card coupons a coupon message may send. */
  lineAccountId?: number;
  nameInsert?: boolean;
}) {
  const { t } = useTranslation();
  const add = (message: DeliveryMessage) => onChange([...value, message]);
  const full = value.length >= MAX_MESSAGES;
  /** A template's messages after the ones written (an empty text first is replaced), up to 5. */
  const insertTemplate = (messages: readonly DeliveryMessage[]) => {
    const kept = value.filter((m) => !(m.type === 'text' && m.text.trim() === ''));
    onChange([...kept, ...messages].slice(0, MAX_MESSAGES));
  };
  return (
    <Stack spacing={2.5}>
      {value.map((message, index) => (
        <MessageEditor
          key={index}
          index={index}
          message={message}
          testIdPrefix={testIdPrefix}
          nameInsert={nameInsert}
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
        {lineAccountId !== undefined && (
          <>
            <Button startIcon={<AddOutlined />} disabled={full} onClick={() => add(newImageMessage())}>
              {t('deliveries.images.addImage')}
            </Button>
            <Button startIcon={<AddOutlined />} disabled={full} onClick={() => add(newImagemapMessage())}>
              {t('deliveries.images.addImagemap')}
            </Button>
            <Button
              startIcon={<AddOutlined />}
              disabled={full}
              onClick={() => add({ type: 'coupon', couponId: 0 })}
            >
              {t('deliveries.addCoupon')}
            </Button>
            <TemplateInsertButton
              lineAccountId={lineAccountId}
              disabled={full && value.some((m) => !(m.type === 'text' && m.text.trim() === ''))}
              onPick={(template) => insertTemplate(template.messages)}
              testIdPrefix={testIdPrefix}
            />
          </>
        )}
      </Stack>
    </Stack>
  );
}
