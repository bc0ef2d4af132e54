import type { DeliveryMessage, Greeting } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useSetGreetingMutation } from '../api/automation.api.ts';

/** An editor of a message list (the area page hands in the deliveries feature's). */
export type MessageListEditor = (props: {
  value: DeliveryMessage[];
  onChange: (messages: DeliveryMessage[]) => void;
  testIdPrefix: string;
}) => ReactNode;

/**
 * あいさつメッセージ: what a new friend and a friend who unblocks receive on follow. Sent with the follow's
 * reply token, so it uses no quota (a push, counted, only when LINE's token has run out).
 */
export function GreetingForm({
  lineAccountId,
  greeting,
  canEdit,
  editor,
}: {
  lineAccountId: number;
  greeting: Greeting;
  canEdit: boolean;
  editor: MessageListEditor;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [newFriend, setNewFriend] = useState(greeting.newFriendMessages);
  const [unblock, setUnblock] = useState(greeting.unblockMessages);
  const [error, setError] = useState<string | null>(null);
  const save = useSetGreetingMutation(lineAccountId);
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ newFriendMessages: newFriend, unblockMessages: unblock });
      showToast(t('automation.greetingSaved'), 'success');
    } catch (failure) {
      setError(showFailure(failure));
    }
  };
  const section = (
    title: string,
    help: string,
    value: DeliveryMessage[],
    set: typeof setNewFriend,
    id: string,
  ) => (
    <Box component="section" aria-labelledby={id}>
      <Typography variant="subtitle1" component="h3" id={id}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {help}
      </Typography>
      {canEdit ? (
        editor({ value, onChange: set, testIdPrefix: `${id}-` })
      ) : (
        <Typography variant="body2">
          {value.length
            ? value.map((m) => (m.type === 'text' ? m.text : t(`templates.kind.${m.type}`))).join(' / ')
            : t('automation.none')}
        </Typography>
      )}
    </Box>
  );
  return (
    <Card>
      <CardContent>
        <Stack spacing={3}>
          <Alert severity="info">{t('automation.greetingFree')}</Alert>
          {error && <Alert severity="error">{error}</Alert>}
          {section(
            t('automation.newFriend'),
            t('automation.newFriendHelp'),
            newFriend,
            setNewFriend,
            'greeting-new',
          )}
          {section(
            t('automation.unblock'),
            t('automation.unblockHelp'),
            unblock,
            setUnblock,
            'greeting-unblock',
          )}
          {canEdit && (
            <Box>
              <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
                {t('automation.save')}
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
