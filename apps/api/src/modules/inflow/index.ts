/** The inflow module's door (流入経路): what other modules and the demo seed may use (STYLE.md "Door"). */
export { createRoute, recordRouteVisit, routesReport, routeUrl } from './inflow.service.ts';
export { importRouteHistory, type RouteHistory } from './inflow.history.ts';
