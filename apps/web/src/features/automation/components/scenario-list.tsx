import type { Scenario } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useDeleteScenarioMutation } from '../api/scenarios.api.ts';

/** シナリオ list: each scenario's trigger, state and figures (enrolled, active, completed, stopped). */
export function ScenarioList({
  lineAccountId,
  scenarios,
  canEdit,
  onOpen,
  onCreate,
}: {
  lineAccountId: number;
  scenarios: Scenario[];
  canEdit: boolean;
  onOpen: (id: number) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const remove = useDeleteScenarioMutation(lineAccountId);
  const [deleting, setDeleting] = useState<Scenario | null>(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      showToast(t('scenarios.deleted'), 'success');
    } catch (failure) {
      showToast(showFailure(failure), 'error');
    }
    setDeleting(null);
  };
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {t('scenarios.help')}
            </Typography>
            {canEdit && (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={onCreate}
                data-testid="scenario-new"
              >
                {t('scenarios.new')}
              </Button>
            )}
          </Stack>
          <Alert severity="warning">{t('scenarios.quota')}</Alert>
          {scenarios.length === 0 ? (
            <Typography variant="body2">{t('scenarios.empty')}</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('scenarios.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('scenarios.name')}</TableCell>
                    <TableCell>{t('scenarios.trigger.label')}</TableCell>
                    <TableCell>{t('scenarios.state')}</TableCell>
                    <TableCell align="right">{t('scenarios.stepCount')}</TableCell>
                    <TableCell align="right">{t('scenarios.stats.enrolled')}</TableCell>
                    <TableCell align="right">{t('scenarios.stats.active')}</TableCell>
                    <TableCell align="right">{t('scenarios.stats.completed')}</TableCell>
                    <TableCell align="right">{t('scenarios.stats.stopped')}</TableCell>
                    <TableCell>{t('scenarios.stats.sentPerStep')}</TableCell>
                    <TableCell>{t('scenarios.stats.clickedPerStep')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {scenarios.map((s) => (
                    <TableRow key={s.id} hover>
                      <TableCell>
                        <Button
                          variant="text"
                          onClick={() => onOpen(s.id)}
                          sx={{ p: 0, minWidth: 0, textAlign: 'left' }}
                        >
                          {s.name}
                        </Button>
                      </TableCell>
                      <TableCell>
                        {t(`scenarios.trigger.${s.trigger}`)}
                        {s.triggerRank ? `（${s.triggerRank}）` : ''}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={s.enabled ? 'success' : 'default'}
                          label={t(s.enabled ? 'scenarios.on' : 'scenarios.off')}
                        />
                      </TableCell>
                      <TableCell align="right">{s.steps.length}</TableCell>
                      <TableCell align="right">{s.stats.enrolled}</TableCell>
                      <TableCell align="right">{s.stats.active}</TableCell>
                      <TableCell align="right">{s.stats.completed}</TableCell>
                      <TableCell align="right">{s.stats.stopped}</TableCell>
                      <TableCell>{s.steps.map((step) => step.sentCount).join(' / ')}</TableCell>
                      <TableCell>{s.steps.map((step) => step.clickedFriends).join(' / ')}</TableCell>
                      <TableCell align="right">
                        {canEdit && (
                          <Button color="error" size="small" onClick={() => setDeleting(s)}>
                            {t('scenarios.delete')}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title={t('scenarios.deleteTitle')}
        description={t('scenarios.deleteHelp', { name: deleting?.name ?? '' })}
        confirmLabel={t('scenarios.delete')}
        isDanger
        isLoading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
