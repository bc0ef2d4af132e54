import { sendMessageBodySchema, type SendMessageBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { registerField, useFieldErrorProps } from '../../../lib/form-field.ts';

/**
 * The message box of the トーク: a text message to the friend (Ctrl+Enter sends). `insertButton`: a button
 * beside 送信 that adds text to the box (the page's テンプレートから挿入), given the function that adds it;
 * `stickerButton`: one that sends a sticker (the page's スタンプ); `imageButton`: one that sends an image (画像).
 */
export function MessageComposer({
  onSend,
  isDisabled = false,
  disabledReason,
  insertButton,
  stickerButton,
  imageButton,
}: {
  onSend: (text: string) => Promise<unknown>;
  isDisabled?: boolean;
  disabledReason?: string;
  insertButton?: (insert: (text: string) => void) => ReactNode;
  /** A button that sends a sticker on its own (the page's スタンプ). */
  stickerButton?: ReactNode;
  /** A button that sends an image on its own (the page's 画像). */
  imageButton?: ReactNode;
}) {
  const { t } = useTranslation();
  const defaultValues: SendMessageBody = { text: '' };
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SendMessageBody>({ resolver: zodResolver(sendMessageBodySchema), defaultValues });
  const fieldProps = useFieldErrorProps(errors);

  const submit = handleSubmit(async ({ text }) => {
    try {
      await onSend(text ?? '');
      reset(defaultValues);
    } catch (error) {
      setServerErrors(error, setError, defaultValues, t('errors.unexpected'));
    }
  });
  const rootError = errors.root?.server?.message;

  const actions = isDisabled
    ? []
    : [
        insertButton?.((text) => {
          const current = getValues('text');
          setValue('text', [current, text].filter(Boolean).join('\n'), { shouldDirty: true });
        }),
        stickerButton,
        imageButton,
      ].filter(Boolean);

  // The box takes the whole width; テンプレート, スタンプ and 画像 sit in a row under it, 送信 at its end, so
  // the box is never squeezed by a column of buttons beside it (the chat at 1,280 px with both panes).
  return (
    <Box
      component="form"
      onSubmit={(e) => void submit(e)}
      noValidate
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <TextField
        label={t('friends.drawer.messageLabel')}
        placeholder={isDisabled ? disabledReason : t('friends.drawer.messagePlaceholder')}
        multiline
        fullWidth
        minRows={2}
        maxRows={6}
        size="small"
        disabled={isDisabled}
        {...registerField(register, 'text')}
        {...fieldProps('text', isDisabled ? disabledReason : t('friends.drawer.messageHint'))}
        {...(rootError ? { error: true, helperText: rootError } : {})}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
        }}
      />
      <Box
        sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
        data-testid="composer-actions"
      >
        {actions.map((action, i) => (
          <Box key={i} sx={{ display: 'contents' }}>
            {action}
          </Box>
        ))}
        <Button
          type="submit"
          variant="contained"
          disabled={isDisabled}
          loading={isSubmitting}
          endIcon={<SendOutlined />}
          sx={{ ml: 'auto' }}
        >
          {t('friends.drawer.send')}
        </Button>
      </Box>
    </Box>
  );
}
