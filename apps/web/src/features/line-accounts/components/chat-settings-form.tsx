import { markAsReadTimings, type LineAccount, type MarkAsReadTiming } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowFailure } from '../../../lib/translate-message.ts';

/**
 * チャット設定: 既読をつけるタイミング, when the friend sees 既読 in LINE (decision 0061-mark-as-read).
 * LINE marks messages read itself while the chat is off (Bot mode); then the choice waits for chat mode.
 */
export function ChatSettingsForm({
  account,
  canEdit,
  onSubmit,
}: {
  account: LineAccount;
  canEdit: boolean;
  onSubmit: (body: { markAsReadTiming: MarkAsReadTiming }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const [timing, setTiming] = useState<MarkAsReadTiming>(account.markAsReadTiming);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await onSubmit({ markAsReadTiming: timing });
    } catch (error) {
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };
  const lineMarksItself = account.markAsReadMode === 'auto' || account.chatMode === 'bot';

  return (
    <Box
      component="form"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 720 }}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormControl disabled={!canEdit || saving}>
        <FormLabel id="mark-as-read-timing-label" sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
          {t('lineAccounts.chatSettings.markAsReadTiming')}
        </FormLabel>
        <RadioGroup
          aria-labelledby="mark-as-read-timing-label"
          name="markAsReadTiming"
          value={timing}
          onChange={(_, value) => setTiming(value as MarkAsReadTiming)}
        >
          {markAsReadTimings.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.25 } }}
              label={
                <Box>
                  <Typography>{t(`lineAccounts.chatSettings.timings.${value}`)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`lineAccounts.chatSettings.timingHelp.${value}`)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      {lineMarksItself && timing !== 'AUTO' && (
        <Alert severity="info">{t('lineAccounts.chatSettings.botModeNote')}</Alert>
      )}
      {canEdit && (
        <Box>
          <Button type="submit" variant="contained" disabled={saving || timing === account.markAsReadTiming}>
            {t('common.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
