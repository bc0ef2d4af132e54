/*
 * The dashboards' charts (@mui/x-charts). Only loaded through React.lazy (chart-loaders.ts), so the
 * chart library sits in its own chunk and the pages draw their figures before it arrives.
 */
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth, formatYen } from '../../../lib/format.ts';

type Months<T> = { months: (T & { month: string })[]; height: number };
type Daily = {
  daily: { date: string; newFriends: number; blocks: number; friends: number }[];
  height: number;
};

/** Whole numbers with the language's grouping; the axis leaves fractional ticks unlabelled. */
function useFormats() {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language.startsWith('ja') ? 'ja-JP' : 'en-US');
  const count = (v: number | null) => (v === null ? '' : number.format(v));
  const countTick = (v: number) => (Number.isInteger(v) ? number.format(v) : '');
  const yen = (v: number | null) => (v === null ? '' : formatYen(v));
  return { count, countTick, yen };
}

/** '2026-11-21' -> 11/21 */
const dayLabel = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

function Localized({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ChartsLocalizationProvider localeText={{ loading: t('charts.loading'), noData: t('charts.noData') }}>
      {children}
    </ChartsLocalizationProvider>
  );
}

// top: room for half of the highest tick's label, which the chart drops when it would not fit
const margin = { top: 12, right: 12, bottom: 4, left: 4 };
/** The x axis' height: at the default 25 px the chart finds no room for the labels and drops them all. */
const xAxisHeight = 30;
/** Areas under a line stay light, so the grid and the line read through them. */
const lightArea = { '& .MuiLineChart-area, & .MuiAreaElement-root': { fillOpacity: 0.18 } };

/** Master: clients whose contract started, by month. */
export function NewClientsChart({ months, height }: Months<{ newClients: number }>) {
  const { t } = useTranslation();
  const f = useFormats();
  const theme = useTheme();
  return (
    <Localized>
      <BarChart
        height={height}
        margin={margin}
        dataset={months}
        xAxis={[{ scaleType: 'band', dataKey: 'month', valueFormatter: formatMonth, height: xAxisHeight }]}
        yAxis={[{ valueFormatter: f.countTick, width: 40 }]}
        series={[
          {
            dataKey: 'newClients',
            label: t('charts.newClients'),
            valueFormatter: f.count,
            color: theme.palette.primary.main,
          },
        ]}
        hideLegend
        grid={{ horizontal: true }}
      />
    </Localized>
  );
}

/** Master: the monthly fees of the clients ACTIVE in each month. */
export function MonthlyFeesChart({ months, height }: Months<{ monthlyFees: number }>) {
  const { t } = useTranslation();
  const f = useFormats();
  const theme = useTheme();
  return (
    <Localized>
      <LineChart
        height={height}
        margin={margin}
        dataset={months}
        xAxis={[{ scaleType: 'point', dataKey: 'month', valueFormatter: formatMonth, height: xAxisHeight }]}
        yAxis={[{ valueFormatter: (v: number) => formatYen(v), width: 80 }]}
        series={[
          {
            dataKey: 'monthlyFees',
            label: t('charts.monthlyFees'),
            valueFormatter: f.yen,
            area: true,
            curve: 'linear',
            color: theme.palette.primary.main,
          },
        ]}
        hideLegend
        grid={{ horizontal: true }}
        sx={lightArea}
      />
    </Localized>
  );
}

/** Agency: its commission by month. */
export function CommissionChart({ months, height }: Months<{ commission: number; clientCount: number }>) {
  const { t } = useTranslation();
  const f = useFormats();
  const theme = useTheme();
  return (
    <Localized>
      <BarChart
        height={height}
        margin={margin}
        dataset={months}
        xAxis={[{ scaleType: 'band', dataKey: 'month', valueFormatter: formatMonth, height: xAxisHeight }]}
        yAxis={[{ valueFormatter: (v: number) => formatYen(v), width: 80 }]}
        series={[
          {
            dataKey: 'commission',
            label: t('charts.commission'),
            valueFormatter: f.yen,
            color: theme.palette.primary.main,
          },
        ]}
        hideLegend
        grid={{ horizontal: true }}
      />
    </Localized>
  );
}

/** Client: friends at the end of each day. */
export function FriendsChart({ daily, height }: Daily) {
  const { t } = useTranslation();
  const f = useFormats();
  const theme = useTheme();
  return (
    <Localized>
      <LineChart
        height={height}
        margin={margin}
        dataset={daily}
        xAxis={[{ scaleType: 'point', dataKey: 'date', valueFormatter: dayLabel, height: xAxisHeight }]}
        yAxis={[{ valueFormatter: f.countTick, width: 40 }]}
        series={[
          {
            dataKey: 'friends',
            label: t('charts.friends'),
            valueFormatter: f.count,
            area: true,
            showMark: false,
            curve: 'linear',
            color: theme.palette.primary.main,
          },
        ]}
        hideLegend
        grid={{ horizontal: true }}
        sx={lightArea}
      />
    </Localized>
  );
}

/** Client: follows and blocks per day. */
export function FollowsChart({ daily, height }: Daily) {
  const { t } = useTranslation();
  const f = useFormats();
  const theme = useTheme();
  return (
    <Localized>
      <BarChart
        height={height}
        margin={margin}
        dataset={daily}
        xAxis={[{ scaleType: 'band', dataKey: 'date', valueFormatter: dayLabel, height: xAxisHeight }]}
        yAxis={[{ valueFormatter: f.countTick, width: 40 }]}
        series={[
          {
            dataKey: 'newFriends',
            label: t('charts.newFriends'),
            valueFormatter: f.count,
            color: theme.palette.primary.main,
          },
          {
            dataKey: 'blocks',
            label: t('charts.blocks'),
            valueFormatter: f.count,
            color: theme.palette.error.main,
          },
        ]}
        grid={{ horizontal: true }}
      />
    </Localized>
  );
}
