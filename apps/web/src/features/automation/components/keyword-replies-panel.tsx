import type { KeywordFallback, KeywordReplies, KeywordRule } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import {
  useRemoveKeywordRuleMutation,
  useReorderKeywordRulesMutation,
  useSaveKeywordRuleMutation,
  useSetKeywordFallbackMutation,
} from '../api/automation.api.ts';
import type { AutomationChoices } from './automation-actions-editor.tsx';
import type { MessageListEditor } from './greeting-form.tsx';
import { KeywordRuleDialog } from './keyword-rule-dialog.tsx';

/** 営業時間 22:00〜06:00・金土 ... as one line. */
function useWhen() {
  const { t } = useTranslation();
  return (rule: KeywordRule) => {
    const window = rule.timeWindow
      ? `${rule.timeWindow.start}〜${rule.timeWindow.end}`
      : t('automation.keywords.allDay');
    const days =
      rule.days.length === 7
        ? t('automation.keywords.everyDay')
        : rule.days.map((d) => t(`automation.days.${d}`)).join('・');
    return `${window}・${days}`;
  };
}

function FallbackCard({
  lineAccountId,
  fallback,
  canEdit,
  editor,
}: {
  lineAccountId: number;
  fallback: KeywordFallback;
  canEdit: boolean;
  editor: MessageListEditor;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const save = useSetKeywordFallbackMutation(lineAccountId);
  const [enabled, setEnabled] = useState(fallback.enabled);
  const [messages, setMessages] = useState(fallback.messages);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ enabled, messages });
      showToast(t('automation.fallback.saved'), 'success');
    } catch (failure) {
      setError(showFailure(failure));
    }
  };
  return (
    <Card component="section" aria-labelledby="fallback-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h3" id="fallback-title">
            {t('automation.fallback.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('automation.fallback.help')}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <FormControlLabel
            control={
              <Switch checked={enabled} disabled={!canEdit} onChange={(e) => setEnabled(e.target.checked)} />
            }
            label={t('automation.fallback.enabled')}
          />
          {canEdit &&
            enabled &&
            editor({ value: messages, onChange: setMessages, testIdPrefix: 'fallback-' })}
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

/**
 * 応答メッセージ: the rules by priority (first match wins; up / down), their keywords, window and switch,
 * the edit dialog, the fallback, and what LINE's response mode means for them.
 */
export function KeywordRepliesPanel({
  lineAccountId,
  replies,
  canEdit,
  editor,
  choices,
}: {
  lineAccountId: number;
  replies: KeywordReplies;
  canEdit: boolean;
  editor: MessageListEditor;
  choices: AutomationChoices;
}) {
  const { t } = useTranslation();
  const when = useWhen();
  const showFailure = useShowFailure();
  const [editing, setEditing] = useState<KeywordRule | 'new' | null>(null);
  const reorder = useReorderKeywordRulesMutation(lineAccountId);
  const remove = useRemoveKeywordRuleMutation(lineAccountId);
  const save = useSaveKeywordRuleMutation(lineAccountId);
  const ids = replies.rules.map((r) => r.id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    reorder.mutate(next, { onError: (e) => showToast(showFailure(e), 'error') });
  };
  const toggle = (rule: KeywordRule, enabled: boolean) => {
    const { id, position: _p, updatedAt: _u, ...body } = rule;
    save.mutate({ id, body: { ...body, enabled } }, { onError: (e) => showToast(showFailure(e), 'error') });
  };
  const chat = replies.chatMode === 'chat';
  return (
    <Stack spacing={2}>
      <Alert severity={chat ? 'warning' : 'info'} data-testid="response-mode">
        {t('automation.keywords.mode', { mode: t(chat ? 'automation.modes.chat' : 'automation.modes.bot') })}{' '}
        {chat ? t('automation.keywords.chatModeHelp') : t('automation.keywords.botModeHelp')}
      </Alert>
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle1" component="h3">
              {t('automation.keywords.title')}
            </Typography>
            {canEdit && (
              <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
                {t('automation.keywords.add')}
              </Button>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('automation.keywords.help')}
          </Typography>
          {replies.rules.length === 0 ? (
            <Typography variant="body2">{t('automation.keywords.empty')}</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('automation.keywords.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('automation.keywords.priority')}</TableCell>
                    <TableCell>{t('automation.keywords.name')}</TableCell>
                    <TableCell>{t('automation.keywords.keywords')}</TableCell>
                    <TableCell>{t('automation.keywords.when')}</TableCell>
                    <TableCell>{t('automation.keywords.enabled')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {replies.rules.map((rule, index) => (
                    <TableRow key={rule.id} data-testid={`keyword-rule-${rule.name}`}>
                      <TableCell>
                        <Stack sx={{ alignItems: 'center' }} direction="row">
                          {index + 1}
                          {canEdit && (
                            <>
                              <IconButton
                                size="small"
                                aria-label={t('automation.keywords.up', { name: rule.name })}
                                disabled={index === 0 || reorder.isPending}
                                onClick={() => move(index, -1)}
                              >
                                <ArrowUpwardOutlined fontSize="small" />
                              </IconButton>
                              <IconButton
                                size="small"
                                aria-label={t('automation.keywords.down', { name: rule.name })}
                                disabled={index === ids.length - 1 || reorder.isPending}
                                onClick={() => move(index, 1)}
                              >
                                <ArrowDownwardOutlined fontSize="small" />
                              </IconButton>
                            </>
                          )}
                        </Stack>
                      </TableCell>
                      <TableCell>
                        {rule.name}
                        {rule.outOfHours && (
                          <Chip
                            size="small"
                            color="secondary"
                            sx={{ ml: 1 }}
                            label={t('automation.keywords.outOfHoursChip')}
                          />
                        )}
                      </TableCell>
                      <TableCell>
                        <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={0.5} useFlexGap>
                          {rule.keywords.map((k) => (
                            <Chip
                              key={`${k.text}-${k.match}`}
                              size="small"
                              variant="outlined"
                              label={k.match === 'EXACT' ? `＝${k.text}` : k.text}
                              title={t(`automation.match.${k.match}`)}
                            />
                          ))}
                        </Stack>
                      </TableCell>
                      <TableCell>{when(rule)}</TableCell>
                      <TableCell>
                        <Switch
                          checked={rule.enabled}
                          disabled={!canEdit || save.isPending}
                          onChange={(e) => toggle(rule, e.target.checked)}
                          slotProps={{
                            input: { 'aria-label': t('automation.keywords.toggle', { name: rule.name }) },
                          }}
                        />
                      </TableCell>
                      <TableCell align="right">
                        {canEdit && (
                          <>
                            <IconButton
                              aria-label={t('automation.keywords.edit', { name: rule.name })}
                              onClick={() => setEditing(rule)}
                            >
                              <EditOutlined />
                            </IconButton>
                            <IconButton
                              aria-label={t('automation.keywords.remove', { name: rule.name })}
                              onClick={() =>
                                remove.mutate(rule.id, {
                                  onSuccess: () =>
                                    showToast(
                                      t('automation.keywords.removed', { name: rule.name }),
                                      'success',
                                    ),
                                })
                              }
                            >
                              <DeleteOutlined />
                            </IconButton>
                          </>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </CardContent>
      </Card>
      <FallbackCard
        key={replies.fallback.updatedAt ?? 'new'}
        lineAccountId={lineAccountId}
        fallback={replies.fallback}
        canEdit={canEdit}
        editor={editor}
      />
      {editing && (
        <KeywordRuleDialog
          lineAccountId={lineAccountId}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          editor={editor}
          choices={choices}
        />
      )}
    </Stack>
  );
}
