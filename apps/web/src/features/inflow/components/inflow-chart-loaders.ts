import { lazy } from 'react';

/* The charts' module is fetched once, when the routes page is about to show a chart. */
const charts = () => import('./inflow-charts.tsx');

export const RoutesOverTimeChart = lazy(() => charts().then((m) => ({ default: m.RoutesOverTimeChart })));
export const RoutesFunnelChart = lazy(() => charts().then((m) => ({ default: m.RoutesFunnelChart })));
