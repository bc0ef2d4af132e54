import { lazy } from 'react';

/* The charts' module is fetched once, when the first dashboard chart is about to show. */
const charts = () => import('./dashboard-charts.tsx');

export const NewClientsChart = lazy(() => charts().then((m) => ({ default: m.NewClientsChart })));
export const MonthlyFeesChart = lazy(() => charts().then((m) => ({ default: m.MonthlyFeesChart })));
export const CommissionChart = lazy(() => charts().then((m) => ({ default: m.CommissionChart })));
export const FriendsChart = lazy(() => charts().then((m) => ({ default: m.FriendsChart })));
export const FollowsChart = lazy(() => charts().then((m) => ({ default: m.FollowsChart })));
