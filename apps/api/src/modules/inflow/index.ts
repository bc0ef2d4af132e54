/** The inflow module's door (流入経路): what other modules and the demo seed may use (STYLE.md "Door"). */
export { createRoute, recordRouteVisit, routesReport, routeUrl } from './inflow.service.ts';
export { importRouteHistory, type RouteHistory } from './inflow.history.ts';
// the friend search's 流入経路 condition (src/composition.ts hands it to the friends module)
export { inflowDirectory } from './inflow.segments.ts';
// what a tag's delete checks (src/composition.ts hands it to the friends module)
export { inflowTagUses } from './inflow.tag-uses.ts';
