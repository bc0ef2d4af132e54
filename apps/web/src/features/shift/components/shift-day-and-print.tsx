import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryFailure } from '../../../components/query-failure.tsx';
import { formatDate } from '../../../lib/format.ts';
import { monthlyShiftsQueryOptions } from '../api/shift.api.ts';
import {
  addDay,
  buildCells,
  cellKey,
  daysOf,
  formatHours,
  hoursOf,
  isoWeekday,
  lengthOf,
  minutesOf,
  noEdits,
  tableStaff,
  type TablePeriod,
} from '../lib/shift-grid-model.ts';
import { shiftText } from './shift-grid-row.tsx';
import { GRID_ROW_HEIGHT } from './shift-grid-styles.ts';

const statusColor = { REQUEST: 'warning', DRAFT: 'info', APPROVED: 'success' } as const;

/** One day as a timeline: staff as rows, each shift a bar from its start to its end (overnight runs on). */
export function ShiftDayView({
  storeId,
  date,
  onDateChange,
}: {
  storeId: number;
  date: string;
  onDateChange: (date: string) => void;
}) {
  const { t } = useTranslation();
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const monthly = useQuery(monthlyShiftsQueryOptions(storeId, year, month));
  const failure = useQueryFailure(monthly);
  const staff = useMemo(() => tableStaff(monthly.data?.staff ?? []), [monthly.data]);
  const cells = useMemo(() => buildCells(monthly.data?.shifts ?? [], noEdits, [date]), [monthly.data, date]);
  const hours = Array.from({ length: 25 }, (_, h) => h);
  const weekdays = t('shift.weekdays', { returnObjects: true }) as unknown as string[];
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <IconButton aria-label={t('shift.day.previous')} onClick={() => onDateChange(addDay(date, -1))}>
          <ChevronLeft />
        </IconButton>
        <TextField
          type="date"
          size="small"
          label={t('shift.day.date')}
          value={date}
          onChange={(e) => e.target.value && onDateChange(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 180 }}
        />
        <Typography>（{weekdays[isoWeekday(date) - 1]}）</Typography>
        <IconButton aria-label={t('shift.day.next')} onClick={() => onDateChange(addDay(date, 1))}>
          <ChevronRight />
        </IconButton>
      </Stack>
      {monthly.isError ? (
        failure
      ) : !monthly.data ? (
        <Skeleton variant="rounded" height={480} />
      ) : (
        <Box
          role="table"
          aria-label={t('shift.day.label', { date: formatDate(date) })}
          sx={{
            overflowX: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ minWidth: 900 }}>
            <Box role="row" sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider', height: 32 }}>
              <Box
                role="columnheader"
                sx={{ width: 160, flexShrink: 0, px: 1, fontWeight: 600, lineHeight: '32px' }}
              >
                {t('shift.table.staff')}
              </Box>
              <Box sx={{ position: 'relative', flexGrow: 1 }}>
                {hours.map((h) => (
                  <Typography
                    key={h}
                    variant="caption"
                    sx={{
                      position: 'absolute',
                      left: `${(h / 24) * 100}%`,
                      top: 8,
                      // centred on its hour; 0 and 24 inside the timeline (24 was cut off at the edge)
                      transform: h === 0 ? 'none' : h === 24 ? 'translateX(-100%)' : 'translateX(-50%)',
                    }}
                  >
                    {h}
                  </Typography>
                ))}
              </Box>
            </Box>
            {staff.map((person) => {
              const list = cells.get(cellKey(person.id, date)) ?? [];
              return (
                <Box
                  key={person.id}
                  role="row"
                  sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider', height: GRID_ROW_HEIGHT }}
                >
                  <Box
                    role="rowheader"
                    sx={{
                      width: 160,
                      flexShrink: 0,
                      px: 1,
                      lineHeight: `${GRID_ROW_HEIGHT}px`,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {person.name}
                  </Box>
                  <Box
                    role="cell"
                    sx={{
                      position: 'relative',
                      flexGrow: 1,
                      backgroundImage: (th) =>
                        `repeating-linear-gradient(90deg, ${th.palette.divider} 0 1px, transparent 1px calc(100% / 24))`,
                    }}
                  >
                    {list.map((c, i) => {
                      const start = c.isRest ? 0 : minutesOf(c.start);
                      const length = c.isRest ? 1440 : Math.min(lengthOf(c.start, c.end), 1440 - start);
                      return (
                        <Box
                          key={c.key}
                          data-status={c.status}
                          title={`${t(`shift.status.${c.status}`)} ${shiftText(c, t('shift.cell.rest'))}`}
                          sx={(th) => ({
                            position: 'absolute',
                            top: 6 + i * 6,
                            height: GRID_ROW_HEIGHT - 14 - i * 6,
                            left: `${(start / 1440) * 100}%`,
                            width: `${(length / 1440) * 100}%`,
                            borderRadius: 1,
                            px: 0.5,
                            fontSize: 12,
                            lineHeight: `${GRID_ROW_HEIGHT - 14}px`,
                            overflow: 'hidden',
                            whiteSpace: 'nowrap',
                            borderLeft: '3px solid',
                            borderColor: `${statusColor[c.status]}.main`,
                            bgcolor: alpha(th.palette[statusColor[c.status]].main, c.isRest ? 0.08 : 0.2),
                          })}
                        >
                          {shiftText(c, t('shift.cell.rest'))}
                        </Box>
                      );
                    })}
                  </Box>
                </Box>
              );
            })}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The month on paper: approved and draft shifts per staff and day, hours, nothing else of the app. */
export function ShiftPrintView({
  storeId,
  storeName,
  period,
}: {
  storeId: number;
  storeName: string;
  period: TablePeriod;
}) {
  const { t } = useTranslation();
  const monthly = useQuery(monthlyShiftsQueryOptions(storeId, period.year, period.month));
  const failure = useQueryFailure(monthly);
  const days = useMemo(() => daysOf(period), [period]);
  const staff = useMemo(() => tableStaff(monthly.data?.staff ?? []), [monthly.data]);
  const cells = useMemo(() => buildCells(monthly.data?.shifts ?? [], noEdits, days), [monthly.data, days]);
  const hours = useMemo(() => hoursOf(cells), [cells]);
  const weekdays = t('shift.weekdays', { returnObjects: true }) as unknown as string[];
  if (monthly.isError) return failure;
  if (!monthly.data) return <Skeleton variant="rounded" height={480} />;
  return (
    <Box>
      <GlobalStyles
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            '.shift-print, .shift-print *': { visibility: 'visible' },
            '.shift-print': { position: 'absolute', left: 0, top: 0, width: '100%' },
            '.no-print': { display: 'none !important' },
            '@page': { size: 'A4 landscape', margin: '8mm' },
          },
        }}
      />
      <Button
        className="no-print"
        variant="contained"
        startIcon={<PrintOutlined />}
        onClick={() => window.print()}
        sx={{ mb: 2 }}
      >
        {t('shift.print.print')}
      </Button>
      <Box
        className="shift-print"
        sx={{
          bgcolor: 'background.paper',
          color: 'text.primary',
          '& table': { borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed', fontSize: 9 },
          '& th, & td': {
            border: '1px solid #999',
            p: '1px 2px',
            textAlign: 'center',
            overflow: 'hidden',
            whiteSpace: 'nowrap',
          },
          '& th.name': { width: 90, textAlign: 'left' },
          '& .d': { display: 'block', color: '#555' },
          '& .a': { fontWeight: 700 },
        }}
      >
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          {t('shift.print.title', { store: storeName, year: period.year, month: period.month })}
        </Typography>
        <table>
          <thead>
            <tr>
              <th className="name">{t('shift.table.staff')}</th>
              {days.map((d) => (
                <th key={d}>
                  {Number(d.slice(8, 10))}
                  <br />
                  {weekdays[isoWeekday(d) - 1]}
                </th>
              ))}
              <th style={{ width: 36 }}>{t('shift.table.hours')}</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((person) => (
              <tr key={person.id}>
                <th className="name" scope="row">
                  {person.name}
                </th>
                {days.map((d) => (
                  <td key={d}>
                    {(cells.get(cellKey(person.id, d)) ?? [])
                      .filter((c) => c.status !== 'REQUEST')
                      .map((c) => (
                        <span key={c.key} className={c.status === 'APPROVED' ? 'a' : 'd'}>
                          {c.isRest ? t('shift.cell.rest') : c.start}
                          {!c.isRest && <span className="d">{c.end}</span>}
                        </span>
                      ))}
                  </td>
                ))}
                <td>{formatHours(hours.byStaff.get(person.id) ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Typography variant="caption" sx={{ display: 'block', mt: 1 }}>
          {t('shift.print.legend')}
        </Typography>
      </Box>
    </Box>
  );
}
