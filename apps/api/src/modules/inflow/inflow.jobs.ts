import type { EventSubscriptions } from '../../platform/events.ts';
import { attributeFollow, attributeMembership } from './inflow.attribution.ts';

/** The inflow module: attributes follows to routes and marks members (subscriber of the follow topics). */
export function defineInflowJobs(events: EventSubscriptions): void {
  events.subscribe('inflow', ['NEW_FRIEND', 'LINE_UNBLOCK_EVENT'], attributeFollow);
  events.subscribe('inflow.members', ['MEMBERSHIP_REGISTRATION'], attributeMembership);
}
