import { auditActions, auditTargetTypes, type AuditLog } from '@app/contracts';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type PageQuery } from '../../../components/data/paged-table.tsx';
import { roleLabel } from '../../../components/role-label.ts';
import { EmptyState } from '../../../components/status-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { showEmptyChoice } from '../../../components/form/form-fields.tsx';

const show = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value));

/** Before and after, one row per field that changed (every field when a record was created or deleted). */
export function AuditChanges({ log }: { log: AuditLog }) {
  const { t } = useTranslation();
  const before = log.before ?? {};
  const after = log.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => show(before[k]) !== show(after[k]),
  );
  if (keys.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('audit.noChanges')}
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={t('audit.changes')} sx={{ bgcolor: 'action.hover', borderRadius: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 700 }}>{t('audit.field')}</TableCell>
          <TableCell sx={{ fontWeight: 700 }}>{t('audit.before')}</TableCell>
          <TableCell sx={{ fontWeight: 700 }}>{t('audit.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((k) => (
          <TableRow key={k}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{k}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', color: 'error.main', wordBreak: 'break-all' }}>
              {show(before[k])}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', color: 'success.main', wordBreak: 'break-all' }}>
              {show(after[k])}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The audit log: who, when, what on which record, and (opened) the fields before and after. */
export function AuditLogTable({ query, params }: { query: PageQuery<AuditLog>; params: ListParams }) {
  const { t } = useTranslation();
  const [openIds, setOpenIds] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filter = (name: 'action' | 'targetType', values: readonly string[]) => (
    <TextField
      select
      size="small"
      label={t(`audit.${name}`)}
      value={params.get(name)}
      onChange={(e) => params.setFilters({ [name]: e.target.value })}
      slotProps={showEmptyChoice}
      sx={{ width: 220 }}
    >
      <MenuItem value="">{t('common.all')}</MenuItem>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {t(`audit.${name}s.${v.replace(/[.-]/g, '_')}`, { defaultValue: v })}
        </MenuItem>
      ))}
    </TextField>
  );
  const isFiltered = Boolean(params.get('action') || params.get('targetType'));
  return (
    <PagedTable
      label={t('audit.listLabel')}
      query={query}
      rowKey={(l) => l.id}
      toolbar={
        <>
          {filter('action', auditActions)}
          {filter('targetType', auditTargetTypes)}
        </>
      }
      paging={{
        page: params.page,
        limit: params.limit,
        onPageChange: params.setPage,
        onLimitChange: params.setLimit,
      }}
      renderDetail={(log) => (openIds.has(log.id) ? <AuditChanges log={log} /> : null)}
      columns={[
        {
          key: 'at',
          label: t('audit.at'),
          render: (l) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(l.createdAt)}</Box>,
        },
        {
          key: 'actor',
          label: t('audit.actor'),
          render: (l) =>
            l.actor ? (
              <>
                <Typography variant="body2">{l.actor.email}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {roleLabel(t, l.actor.role, l.actor.position)}
                </Typography>
              </>
            ) : (
              t('audit.system')
            ),
        },
        {
          key: 'action',
          label: t('audit.action'),
          render: (l) => t(`audit.actions.${l.action.replace(/[.-]/g, '_')}`, { defaultValue: l.action }),
        },
        {
          key: 'target',
          label: t('audit.target'),
          render: (l) =>
            `${t(`audit.targetTypes.${l.targetType}`, { defaultValue: l.targetType })}${
              l.targetName ? `: ${l.targetName}` : l.targetId ? ` #${l.targetId}` : ''
            }`,
          isSecondary: true,
        },
        {
          key: 'changes',
          label: t('audit.changes'),
          align: 'right',
          render: (l) => (
            <Button
              size="small"
              aria-expanded={openIds.has(l.id)}
              onClick={() => toggle(l.id)}
              endIcon={
                <ExpandMoreOutlined sx={{ transform: openIds.has(l.id) ? 'rotate(180deg)' : 'none' }} />
              }
            >
              {openIds.has(l.id) ? t('audit.hide') : t('audit.show')}
            </Button>
          ),
        },
      ]}
      empty={<EmptyState title={isFiltered ? t('audit.emptyFiltered') : t('audit.empty')} />}
    />
  );
}
