import { can, type Session, type ShiftClosure } from '@app/contracts';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useQueryFailure } from '../../components/query-failure.tsx';
import { StatusState } from '../../components/status-state.tsx';
import { paths } from '../../config/routes.ts';
import { shiftClosureQueryOptions, shiftStoresQueryOptions } from '../../features/shift/api/shift.api.ts';
import { periodKeyOfDay, periodOfKey } from '../../features/shift/lib/shift-grid-model.ts';
import { ShiftDayView, ShiftPrintView } from '../../features/shift/components/shift-day-and-print.tsx';
import { ShiftTable } from './client-shift-table-page.tsx';
import { ShiftStaffPage } from './client-shift-staff-page.tsx';
import { ShiftSettingsPage } from './client-shift-settings-page.tsx';

const base = `${paths.client}/shift`;

/** The shift pages' sections (tabs); each keeps ?lineAccountId&shiftStoreId. */
const sections: { path: string; labelKey: string }[] = [
  { path: '', labelKey: 'shift.tabs.table' },
  { path: 'daily', labelKey: 'shift.tabs.daily' },
  { path: 'print', labelKey: 'shift.tabs.print' },
  { path: 'staff', labelKey: 'shift.tabs.staff' },
  { path: 'settings', labelKey: 'shift.tabs.settings' },
];

function useShiftStoreParam(): number | null {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('shiftStoreId');
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** /client/shift?lineAccountId=N&shiftStoreId=M: the store manager's shift pages. */
export function ClientShiftPages({ session }: { session: Session }) {
  const { t } = useTranslation();
  const stores = useQuery(shiftStoresQueryOptions());
  const failure = useQueryFailure(stores);
  const storeId = useShiftStoreParam();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const list = stores.data?.data ?? [];
  const store = list.find((s) => s.id === storeId);
  const fallback = list.find((s) => s.status === 'ACTIVE') ?? list[0];
  const canManage = can(session.role, session.position, 'shift.manage');

  useEffect(() => {
    if (!store && fallback) {
      setSearchParams(
        { lineAccountId: String(fallback.lineAccountId), shiftStoreId: String(fallback.id) },
        { replace: true },
      );
    }
  }, [store, fallback, setSearchParams]);

  const query = (extra: Record<string, string> = {}) => {
    const next = new URLSearchParams();
    if (store) {
      next.set('lineAccountId', String(store.lineAccountId));
      next.set('shiftStoreId', String(store.id));
    }
    for (const [k, v] of Object.entries(extra)) next.set(k, v);
    return `?${next.toString()}`;
  };
  const section = location.pathname.slice(base.length).replace(/^\//, '').split('/')[0] ?? '';

  const header = (
    <PageHeader
      title={t('nav.shift')}
      subtitle={store ? t('shift.subtitle', { name: store.name, account: store.lineAccountName }) : undefined}
      actions={
        list.length > 1 ? (
          <TextField
            select
            size="small"
            label={t('shift.store')}
            value={store?.id ?? ''}
            onChange={(e) => {
              const next = list.find((s) => s.id === Number(e.target.value));
              if (next) {
                setSearchParams({ lineAccountId: String(next.lineAccountId), shiftStoreId: String(next.id) });
              }
            }}
            sx={{ minWidth: 220 }}
          >
            {list.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        ) : undefined
      }
    />
  );

  let body: ReactNode;
  if (stores.isError) body = <Card>{failure}</Card>;
  else if (stores.isPending || (!store && fallback)) body = <Skeleton variant="rounded" height={480} />;
  else if (!store) {
    body = (
      <Card>
        <StatusState
          icon={<CalendarMonthOutlined />}
          title={t('shift.noStore.title')}
          description={t('shift.noStore.description')}
          action={
            // サービス (subscriptions) is the owner's and managers' page; staff are not shown the way there
            can(session.role, session.position, 'client.billing.read') ? (
              <Button variant="contained" component={RouterLink} to={`${paths.client}/services`}>
                {t('nav.services')}
              </Button>
            ) : undefined
          }
        />
      </Card>
    );
  } else {
    body = (
      <Routes>
        <Route
          index
          element={
            <TablePage
              storeId={store.id}
              canManage={canManage}
              periodParam={searchParams.get('period')}
              onPeriodChange={(key) =>
                setSearchParams((current) => {
                  const next = new URLSearchParams(current);
                  next.set('period', key);
                  return next;
                })
              }
            />
          }
        />
        <Route path="staff" element={<ShiftStaffPage storeId={store.id} canManage={canManage} />} />
        <Route
          path="daily"
          element={
            <ShiftDayView
              storeId={store.id}
              date={
                /^\d{4}-\d{2}-\d{2}$/.test(searchParams.get('date') ?? '')
                  ? searchParams.get('date')!
                  : new Date().toISOString().slice(0, 10)
              }
              onDateChange={(date) =>
                setSearchParams((current) => {
                  const next = new URLSearchParams(current);
                  next.set('date', date);
                  return next;
                })
              }
            />
          }
        />
        <Route
          path="print"
          element={
            <PrintPage storeId={store.id} storeName={store.name} periodParam={searchParams.get('period')} />
          }
        />
        <Route path="settings" element={<ShiftSettingsPage storeId={store.id} canManage={canManage} />} />
      </Routes>
    );
  }

  return (
    <>
      {header}
      <Tabs
        value={sections.some((s) => s.path === section) ? section : ''}
        sx={{ mb: 2 }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {sections.map((s) => (
          <Tab
            key={s.path}
            value={s.path}
            label={t(s.labelKey)}
            component={RouterLink}
            to={`${base}${s.path ? `/${s.path}` : ''}${query()}`}
          />
        ))}
      </Tabs>
      {body}
    </>
  );
}

/** The period a page shows: ?period, else the open period, else the one of today. */
function periodOfPage(closure: ShiftClosure, periodParam: string | null) {
  const today = new Date().toISOString().slice(0, 10);
  const key =
    (periodParam && periodOfKey(periodParam) ? periodParam : null) ??
    closure.openPeriod?.key ??
    periodKeyOfDay(today, closure.pattern);
  return periodOfKey(key)!;
}

function PrintPage({
  storeId,
  storeName,
  periodParam,
}: {
  storeId: number;
  storeName: string;
  periodParam: string | null;
}) {
  const closure = useQuery(shiftClosureQueryOptions(storeId));
  const failure = useQueryFailure(closure);
  if (closure.isError) return <Card>{failure}</Card>;
  if (!closure.data) return <Skeleton variant="rounded" height={480} />;
  return (
    <ShiftPrintView
      storeId={storeId}
      storeName={storeName}
      period={periodOfPage(closure.data, periodParam)}
    />
  );
}

function TablePage({
  storeId,
  canManage,
  periodParam,
  onPeriodChange,
}: {
  storeId: number;
  canManage: boolean;
  periodParam: string | null;
  onPeriodChange: (key: string) => void;
}) {
  const closure = useQuery(shiftClosureQueryOptions(storeId));
  const failure = useQueryFailure(closure);
  if (closure.isError) return <Card>{failure}</Card>;
  if (!closure.data) return <Skeleton variant="rounded" height={480} />;
  const period = periodOfPage(closure.data, periodParam);
  return (
    <Box>
      <ShiftTable
        storeId={storeId}
        closure={closure.data}
        period={period}
        canManage={canManage}
        onPeriodChange={onPeriodChange}
      />
    </Box>
  );
}
