import type { KeywordMatchType, KeywordRule, KeywordRuleBody } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useSaveKeywordRuleMutation } from '../api/automation.api.ts';
import { AutomationActionsEditor, type AutomationChoices } from './automation-actions-editor.tsx';
import type { MessageListEditor } from './greeting-form.tsx';

const allDays = [0, 1, 2, 3, 4, 5, 6];

/** The edit dialog of one 応答メッセージ rule (a new one when `rule` is null). */
export function KeywordRuleDialog({
  lineAccountId,
  rule,
  onClose,
  editor,
  choices,
}: {
  lineAccountId: number;
  rule: KeywordRule | null;
  onClose: () => void;
  editor: MessageListEditor;
  choices: AutomationChoices;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const save = useSaveKeywordRuleMutation(lineAccountId);
  const [name, setName] = useState(rule?.name ?? '');
  const [keywords, setKeywords] = useState(rule?.keywords ?? []);
  const [draft, setDraft] = useState('');
  const [match, setMatch] = useState<KeywordMatchType>('CONTAINS');
  const [windowOn, setWindowOn] = useState(rule?.timeWindow != null);
  const [start, setStart] = useState(rule?.timeWindow?.start ?? '18:00');
  const [end, setEnd] = useState(rule?.timeWindow?.end ?? '10:00');
  const [days, setDays] = useState(rule?.days ?? allDays);
  const [outOfHours, setOutOfHours] = useState(rule?.outOfHours ?? false);
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [messages, setMessages] = useState(rule?.messages ?? [{ type: 'text' as const, text: '' }]);
  const [actions, setActions] = useState(rule?.actions ?? []);
  const [error, setError] = useState<string | null>(null);

  const addKeyword = () => {
    const text = draft.trim();
    if (!text || keywords.some((k) => k.text === text && k.match === match)) return;
    setKeywords([...keywords, { text, match }]);
    setDraft('');
  };
  const submit = async () => {
    setError(null);
    const pending = draft.trim() ? [...keywords, { text: draft.trim(), match }] : keywords;
    const body: KeywordRuleBody = {
      name,
      keywords: pending,
      timeWindow: windowOn ? { start, end } : null,
      days,
      outOfHours,
      enabled,
      messages,
      actions,
    };
    try {
      await save.mutateAsync({ id: rule?.id ?? null, body });
      showToast(t('automation.keywords.saved', { name }), 'success');
      onClose();
    } catch (failure) {
      setError(showFailure(failure));
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="keyword-rule-title">
      <DialogTitle id="keyword-rule-title">
        {rule ? t('automation.keywords.editTitle') : t('automation.keywords.newTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label={t('automation.keywords.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'rule-name' } }}
          />
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('automation.keywords.keywords')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('automation.keywords.keywordsHelp')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1, flexWrap: 'wrap' }}>
              {keywords.map((k, i) => (
                <Chip
                  key={`${k.text}-${k.match}`}
                  label={`${k.text}（${t(`automation.match.${k.match}`)}）`}
                  onDelete={() => setKeywords(keywords.filter((_, j) => j !== i))}
                />
              ))}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                size="small"
                label={t('automation.keywords.keyword')}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                    e.preventDefault();
                    addKeyword();
                  }
                }}
                slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'rule-keyword' } }}
              />
              <TextField
                select
                size="small"
                label={t('automation.keywords.match')}
                value={match}
                onChange={(e) => setMatch(e.target.value as KeywordMatchType)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="CONTAINS">{t('automation.match.CONTAINS')}</option>
                <option value="EXACT">{t('automation.match.EXACT')}</option>
              </TextField>
              <Button onClick={addKeyword} disabled={!draft.trim() || keywords.length >= 10}>
                {t('automation.keywords.addKeyword')}
              </Button>
            </Stack>
          </Box>
          <Box>
            <FormControlLabel
              control={<Switch checked={windowOn} onChange={(e) => setWindowOn(e.target.checked)} />}
              label={t('automation.keywords.windowOn')}
            />
            {windowOn && (
              <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                <TextField
                  type="time"
                  size="small"
                  label={t('automation.keywords.start')}
                  value={start}
                  onChange={(e) => setStart(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <span>〜</span>
                <TextField
                  type="time"
                  size="small"
                  label={t('automation.keywords.end')}
                  value={end}
                  onChange={(e) => setEnd(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <Typography variant="body2" color="text.secondary">
                  {t('automation.keywords.windowHelp')}
                </Typography>
              </Stack>
            )}
            <Stack
              direction="row"
              useFlexGap

              sx={{ mt: 1, flexWrap: 'wrap' }}
              role="group"
              aria-label={t('automation.keywords.days')}
            >
              {allDays.map((d) => (
                <FormControlLabel
                  key={d}
                  control={
                    <Checkbox
                      checked={days.includes(d)}
                      onChange={(e) =>
                        setDays(e.target.checked ? [...days, d].sort() : days.filter((x) => x !== d))
                      }
                    />
                  }
                  label={t(`automation.days.${d}`)}
                />
              ))}
            </Stack>
          </Box>
          <Stack>
            <FormControlLabel
              control={<Switch checked={outOfHours} onChange={(e) => setOutOfHours(e.target.checked)} />}
              label={t('automation.keywords.outOfHours')}
            />
            <Typography variant="body2" color="text.secondary">
              {t('automation.keywords.outOfHoursHelp')}
            </Typography>
            <FormControlLabel
              control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
              label={t('automation.keywords.enabled')}
            />
          </Stack>
          <Box component="section" aria-labelledby="rule-messages">
            <Typography variant="subtitle2" component="h3" id="rule-messages" sx={{ mb: 1 }}>
              {t('automation.keywords.messages')}
            </Typography>
            {editor({ value: messages, onChange: setMessages, testIdPrefix: 'rule-' })}
          </Box>
          <Box component="section" aria-labelledby="rule-actions">
            <Typography variant="subtitle2" component="h3" id="rule-actions" sx={{ mb: 1 }}>
              {t('automation.keywords.actions')}
            </Typography>
            <AutomationActionsEditor value={actions} onChange={setActions} choices={choices} />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          {t('automation.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
