/*
 * The routes page's charts (@mui/x-charts, as the dashboards). Only loaded through React.lazy
 * (inflow-chart-loaders.ts), so the chart library stays in its own chunk.
 */
import type { InflowReport } from '@app/contracts';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Distinct colours that keep 3:1 against the light and dark surfaces (decision 0028). */
const palette = ['#1565c0', '#2e7d32', '#c62828', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457', '#4e342e'];
const margin = { top: 12, right: 12, bottom: 4, left: 4 };
const dayLabel = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

function Localized({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ChartsLocalizationProvider localeText={{ loading: t('charts.loading'), noData: t('charts.noData') }}>
      {children}
    </ChartsLocalizationProvider>
  );
}

const countTick = (v: number) => (Number.isInteger(v) ? String(v) : '');

/**
 * Per route, one line of visits or of new friends added up over the period (a shop's routes bring a few a
 * day: day-by-day counts of 0 and 1 draw spikes, running totals show which route grows).
 */
export function RoutesOverTimeChart({
  report,
  metric,
  height,
}: {
  report: InflowReport;
  metric: 'visits' | 'newFriends';
  height: number;
}) {
  const names = new Map(report.routes.map((r) => [r.id, r.name]));
  const totals = report.series.routes.map((s) => {
    let sum = 0;
    return s[metric].map((n) => (sum += n));
  });
  const dataset = report.series.days.map((day, i) => ({
    day,
    ...Object.fromEntries(report.series.routes.map((s, r) => [`r${s.routeId}`, totals[r]![i] ?? 0])),
  }));
  return (
    <Localized>
      <LineChart
        height={height}
        margin={margin}
        dataset={dataset}
        xAxis={[{ scaleType: 'point', dataKey: 'day', valueFormatter: dayLabel, height: 30 }]}
        yAxis={[{ valueFormatter: countTick, width: 40 }]}
        series={report.series.routes.map((s, i) => ({
          dataKey: `r${s.routeId}`,
          label: names.get(s.routeId) ?? '',
          showMark: false,
          curve: 'linear' as const,
          color: palette[i % palette.length]!,
        }))}
        grid={{ horizontal: true }}
      />
    </Localized>
  );
}

/** The funnel per route: people who visited, who became friends, who registered as members. */
export function RoutesFunnelChart({ report, height }: { report: InflowReport; height: number }) {
  const { t } = useTranslation();
  const dataset = report.routes.map((r) => ({
    name: r.name,
    visitors: r.figures.uniqueVisitors,
    friends: r.figures.newFriends,
    members: r.figures.members,
  }));
  return (
    <Localized>
      <BarChart
        height={height}
        margin={margin}
        dataset={dataset}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', dataKey: 'name', width: 110 }]}
        xAxis={[{ valueFormatter: countTick, height: 30 }]}
        series={[
          { dataKey: 'visitors', label: t('inflow.funnel.visitors'), color: palette[0] },
          { dataKey: 'friends', label: t('inflow.funnel.friends'), color: palette[1] },
          { dataKey: 'members', label: t('inflow.funnel.members'), color: palette[3] },
        ]}
        grid={{ vertical: true }}
      />
    </Localized>
  );
}
