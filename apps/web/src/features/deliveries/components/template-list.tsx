import type { MessageTemplate } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { templatesQueryOptions, useRemoveTemplate } from '../api/templates.api.ts';
import { TemplateDialog, type TemplateDraft } from './template-dialog.tsx';
import { templateSummary } from './template-insert-button.tsx';

/** 定型文 tab of メッセージ配信: the account's templates by folder, made, changed and deleted here. */
export function TemplateList({ lineAccountId, canWork }: { lineAccountId: number; canWork: boolean }) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const templates = useQuery(templatesQueryOptions(lineAccountId));
  const remove = useRemoveTemplate(lineAccountId);
  const [editing, setEditing] = useState<TemplateDraft | null>(null);
  const [removing, setRemoving] = useState<MessageTemplate | null>(null);
  const list = templates.data?.data ?? [];
  const folders = [...new Set(list.map((tpl) => tpl.folder))];
  const kindLabel = (type: string) => t(`templates.kind.${type}`, { defaultValue: type });
  return (
    <Stack spacing={2}>
      {canWork && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<AddOutlined />}
            onClick={() =>
              setEditing({ id: null, name: '', folder: null, messages: [{ type: 'text', text: '' }] })
            }
            data-testid="new-template"
          >
            {t('templates.new')}
          </Button>
        </Box>
      )}
      {templates.isSuccess && list.length === 0 && (
        <Typography color="text.secondary">{t('templates.empty')}</Typography>
      )}
      {folders.map((folder) => (
        <Stack key={folder ?? ''} spacing={1}>
          <Typography variant="subtitle2">{folder ?? t('templates.noFolder')}</Typography>
          {list
            .filter((tpl) => tpl.folder === folder)
            .map((tpl) => (
              <Card key={tpl.id} variant="outlined" data-testid="template-row">
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1.5 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{tpl.name}</Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {templateSummary(tpl, kindLabel)}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={0.5}>
                    {tpl.messages.map((m, i) => (
                      <Chip key={i} size="small" label={kindLabel(m.type)} />
                    ))}
                  </Stack>
                  {canWork && (
                    <>
                      <IconButton
                        aria-label={t('templates.edit')}
                        onClick={() =>
                          setEditing({
                            id: tpl.id,
                            name: tpl.name,
                            folder: tpl.folder,
                            messages: tpl.messages,
                          })
                        }
                      >
                        <EditOutlined />
                      </IconButton>
                      <IconButton aria-label={t('templates.remove')} onClick={() => setRemoving(tpl)}>
                        <DeleteOutlined />
                      </IconButton>
                    </>
                  )}
                </CardContent>
              </Card>
            ))}
        </Stack>
      ))}
      {editing && (
        <TemplateDialog
          lineAccountId={lineAccountId}
          initial={editing}
          editMessages
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('templates.remove')}
        description={t('templates.removeConfirm', { name: removing?.name ?? '' })}
        confirmLabel={t('templates.remove')}
        isDanger
        isLoading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => showToast(t('templates.removed'), 'success'),
            onError: (failure) => showFailure(failure),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </Stack>
  );
}
