import { sendableStickerPackages, stickerIdsOf, type DeliveryMessage } from '@app/contracts';
import EmojiEmotionsOutlined from '@mui/icons-material/EmojiEmotionsOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StickerPicker } from './sticker-picker.tsx';

type Sticker = Extract<DeliveryMessage, { type: 'sticker' }>;

const firstSticker = (): Sticker => {
  const packageId = sendableStickerPackages[0].packageId;
  return { type: 'sticker', packageId, stickerId: stickerIdsOf(packageId)[0]! };
};

/**
 * スタンプ in the chat's reply box: the deliveries composer's sticker picker in a dialog; スタンプを送信 hands
 * the chosen sticker to `onSend` and closes once it is sent (a refusal stays in the dialog, in words).
 */
export function StickerSendButton({
  onSend,
  disabled = false,
}: {
  onSend: (sticker: { packageId: string; stickerId: string }) => Promise<unknown>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [sticker, setSticker] = useState<Sticker>(firstSticker);
  const [isSending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await onSend({ packageId: sticker.packageId, stickerId: sticker.stickerId });
      setOpen(false);
    } catch {
      // the request's failure is shown by the app's toast; the dialog stays open to try again
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button
        startIcon={<EmojiEmotionsOutlined />}
        size="small"
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid="reply-sticker"
      >
        {t('inbox.sticker')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('inbox.stickerDialog')}</DialogTitle>
        <DialogContent>
          <StickerPicker value={sticker} index={0} onChange={setSticker} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" loading={isSending} onClick={() => void send()}>
            {t('inbox.stickerSend')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
