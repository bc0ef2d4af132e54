import { fillFriendName, type MessageTemplate } from '@app/contracts';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templatesQueryOptions } from '../api/templates.api.ts';

/** A template's first words, as the picker lists it (its first text, or its kinds of message). */
export function templateSummary(template: MessageTemplate, kindLabel: (type: string) => string): string {
  const text = template.messages.find((m) => m.type === 'text');
  return text && text.type === 'text'
    ? text.text.replace(/\s+/g, ' ').slice(0, 60)
    : template.messages.map((m) => kindLabel(m.type)).join(' / ');
}

/** A template as a chat reply's text: its texts, the friend-name placeholder filled with the friend's name. */
export const templateReplyText = (template: MessageTemplate, friendName: string): string =>
  template.messages
    .flatMap((m) => (m.type === 'text' ? [fillFriendName(m.text, friendName)] : []))
    .join('\n');

/**
 * テンプレートから挿入: a button that lists the account's templates (定型文) by folder and hands the one
 * picked to `onPick`. `textOnly`: only templates with a text (the chat's reply box sends text).
 */
export function TemplateInsertButton({
  lineAccountId,
  onPick,
  textOnly = false,
  disabled = false,
  testIdPrefix = '',
}: {
  lineAccountId: number;
  onPick: (template: MessageTemplate) => void;
  textOnly?: boolean;
  disabled?: boolean;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const templates = useQuery({ ...templatesQueryOptions(lineAccountId), enabled: open });
  const list = (templates.data?.data ?? []).filter(
    (tpl) => !textOnly || tpl.messages.some((m) => m.type === 'text'),
  );
  const folders = [...new Set(list.map((tpl) => tpl.folder))];
  const kindLabel = (type: string) => t(`templates.kind.${type}`, { defaultValue: type });
  return (
    <>
      <Button
        startIcon={<NoteAddOutlined />}
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid={`${testIdPrefix}insert-template`}
      >
        {t('templates.insert')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('templates.pick')}</DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          {templates.isPending ? (
            <Typography sx={{ p: 2 }}>{t('common.loading')}</Typography>
          ) : list.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('templates.none')}
            </Typography>
          ) : (
            <List dense>
              {folders.map((folder) => (
                <li key={folder ?? ''}>
                  <ul style={{ padding: 0 }}>
                    <ListSubheader>{folder ?? t('templates.noFolder')}</ListSubheader>
                    {list
                      .filter((tpl) => tpl.folder === folder)
                      .map((tpl) => (
                        <ListItemButton
                          key={tpl.id}
                          onClick={() => {
                            onPick(tpl);
                            setOpen(false);
                          }}
                        >
                          <ListItemText primary={tpl.name} secondary={templateSummary(tpl, kindLabel)} />
                        </ListItemButton>
                      ))}
                  </ul>
                </li>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
