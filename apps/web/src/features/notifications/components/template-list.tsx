import {
  topicLabels,
  type LineMessageTemplate,
  type NotificationTopic,
  renderTemplate,
} from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
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
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { toFieldPath } from '../../../lib/form-errors.ts';
import { markErrorShown } from '../../../lib/query-meta.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSaveTemplateMutation, useToggleTopicMutation } from '../api/notifications.api.ts';

/** Sample values for the preview bubble. */
const samples = {
  friendName: '山田 花子',
  staffName: '佐藤 一郎',
  storeName: '梅田店',
  accountName: 'デモ商店 梅田店',
  dateTime: '2026/12/01 10:00',
  period: '2026/12/01〜2026/12/31',
  memberCode: '000123',
  link: 'https://example.com/client',
};

/** A message as LINE shows it: a bubble on the chat's blue-grey background. */
export function LineBubblePreview({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Box
      aria-label={t('notifications.templates.preview')}
      sx={{ bgcolor: '#8CABD9', borderRadius: 2, p: 2, minHeight: 120 }}
    >
      <Box
        sx={{
          bgcolor: '#fff',
          color: '#111',
          borderRadius: '16px',
          px: 1.5,
          py: 1,
          maxWidth: '85%',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontSize: 14,
        }}
      >
        {text}
      </Box>
    </Box>
  );
}

function TemplateEditor({
  lineAccountId,
  template,
  onClose,
}: {
  lineAccountId: number;
  template: LineMessageTemplate;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [content, setContent] = useState(template.content);
  const [isEnable, setIsEnable] = useState(template.isEnable);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement | null>(null);
  const save = useSaveTemplateMutation(lineAccountId);
  const insert = (key: string) => {
    const el = input.current;
    const at = el?.selectionStart ?? content.length;
    const end = el?.selectionEnd ?? at;
    setContent(`${content.slice(0, at)}{${key}}${content.slice(end)}`);
  };
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ topic: template.topic, content, isEnable });
      showToast(t('notifications.templates.saved'), 'success');
      onClose();
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      markErrorShown(failure);
      const onContent = failure.fieldErrors.find((f) => toFieldPath(f.path) === 'content');
      setError(onContent?.message ?? failure.message);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>
        {t('notifications.templates.editTitle', { topic: topicLabels[template.topic] })}
      </DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ flex: 1 }}>
            <TextField
              label={t('notifications.templates.content')}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              inputRef={input}
              multiline
              minRows={6}
              error={error !== null}
              helperText={error ?? ' '}
            />
            <Box>
              <Typography variant="subtitle2" gutterBottom>
                {t('notifications.templates.placeholders')}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {template.placeholders.map((p) => (
                  <Chip key={p.key} label={`${p.label} {${p.key}}`} onClick={() => insert(p.key)} />
                ))}
              </Stack>
            </Box>
            <FormControlLabel
              control={<Switch checked={isEnable} onChange={(e) => setIsEnable(e.target.checked)} />}
              label={t('notifications.templates.isEnable')}
            />
          </Stack>
          <Box sx={{ flex: 1 }}>
            <Typography variant="subtitle2" gutterBottom>
              {t('notifications.templates.preview')}
            </Typography>
            <LineBubblePreview text={renderTemplate(content, samples)} />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The template of every topic: on/off for the topic, the editor per template. */
export function TemplateList({
  lineAccountId,
  templates,
  canManage,
}: {
  lineAccountId: number;
  templates: LineMessageTemplate[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<NotificationTopic | null>(null);
  const toggle = useToggleTopicMutation(lineAccountId);
  const current = templates.find((x) => x.topic === editing);
  return (
    <Stack spacing={2}>
      {templates.map((template) => (
        <Card key={template.topic} sx={{ p: 2 }} data-topic={template.topic}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography variant="subtitle1" component="h3">
                {topicLabels[template.topic]}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                {template.content}
              </Typography>
              {!template.isEnable && (
                <Chip size="small" sx={{ mt: 1 }} label={t('notifications.templates.templateOff')} />
              )}
            </Box>
            <FormControlLabel
              control={
                <Switch
                  checked={template.topicEnable}
                  disabled={!canManage || toggle.isPending}
                  onChange={(e) => toggle.mutate({ topic: template.topic, isEnable: e.target.checked })}
                />
              }
              label={t('notifications.templates.topicOn')}
            />
            {canManage && (
              <Button variant="outlined" onClick={() => setEditing(template.topic)}>
                {t('common.edit')}
              </Button>
            )}
          </Stack>
        </Card>
      ))}
      {current && (
        <TemplateEditor lineAccountId={lineAccountId} template={current} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
