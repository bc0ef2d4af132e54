import type { CommissionReport } from '@app/contracts';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth, formatYen } from '../../../lib/format.ts';
import { formatRate } from './agency-table.tsx';

type Month = CommissionReport['months'][number];

function MonthRow({ month }: { month: Month }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const label = formatMonth(month.month);
  return (
    <>
      <TableRow hover>
        <TableCell sx={{ width: 48 }}>
          {month.clients.length > 0 && (
            <IconButton
              size="small"
              aria-expanded={isOpen}
              aria-label={t('commission.showClients', { month: label })}
              onClick={() => setIsOpen((v) => !v)}
            >
              <ExpandMoreOutlined
                fontSize="small"
                sx={{ transform: isOpen ? 'rotate(180deg)' : 'none', transition: 'transform .2s' }}
              />
            </IconButton>
          )}
        </TableCell>
        <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
          {label}
        </TableCell>
        <TableCell align="right">{month.clientCount}</TableCell>
        <TableCell align="right">{formatYen(month.monthlyFeeTotal)}</TableCell>
        <TableCell align="right" sx={{ fontWeight: 700 }}>
          {formatYen(month.commission)}
        </TableCell>
      </TableRow>
      {isOpen &&
        month.clients.map((c) => (
          <TableRow key={c.clientId} sx={{ bgcolor: 'action.hover' }}>
            <TableCell />
            <TableCell sx={{ pl: 4 }}>{c.companyName}</TableCell>
            <TableCell />
            <TableCell align="right">{formatYen(c.monthlyFee)}</TableCell>
            <TableCell align="right">{formatYen(c.commission)}</TableCell>
          </TableRow>
        ))}
    </>
  );
}

/** 手数料 by month: clients 契約中 in the month, their monthly fees and fee x margin rate, newest month first. */
export function CommissionTable({ report }: { report: CommissionReport }) {
  const { t } = useTranslation();
  const months = [...report.months].sort((a, b) => b.month.localeCompare(a.month));
  return (
    <Card>
      <CardContent sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', p: 3 }}>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('commission.period')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>
            {formatMonth(report.from)} – {formatMonth(report.to)}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('agencies.marginRate')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{formatRate(report.marginRate)}</Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('commission.total')}
          </Typography>
          <Typography sx={{ fontWeight: 700, color: 'primary.main', fontSize: '1.25rem' }}>
            {formatYen(report.total)}
          </Typography>
        </Box>
      </CardContent>
      <TableContainer sx={{ borderTop: 1, borderColor: 'divider' }}>
        <Table size="small" aria-label={t('commission.tableLabel')}>
          {/* headings on one line, as the other tables' (on a phone they broke a character a line) */}
          <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableRow>
              <TableCell />
              <TableCell sx={{ fontWeight: 700 }}>{t('commission.month')}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {t('commission.clientCount')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {t('commission.feeTotal')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {t('commission.commission')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {months.map((m) => (
              <MonthRow key={m.month} month={m} />
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell />
              <TableCell sx={{ fontWeight: 700 }}>{t('commission.total')}</TableCell>
              <TableCell />
              <TableCell align="right">
                {formatYen(report.months.reduce((sum, m) => sum + m.monthlyFeeTotal, 0))}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {formatYen(report.total)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Card>
  );
}
