// The solver's input and answer (solver.ts): slots, staff and their caps, requests, kept shifts; per slot
// its coverage and reasons, per staff member their minutes.
import type { Day } from '../../../platform/dates.ts';

/** A required slot: a weekly or special rule of one day (`required` staff covering [start, end)). */
export type Slot = {
  id: string;
  day: Day;
  start: number;
  end: number;
  required: number;
  /**
   * The slot's edges on the store's time division (rounded outward), where a draft covering it starts and
   * ends when its request allows; the slot's own start and end decide who covers it. Default: start, end.
   */
  shiftStart?: number;
  shiftEnd?: number;
};

export type StaffLimits = {
  /** Caps in minutes; null = no cap. */
  maxDayMinutes: number | null;
  maxWeekMinutes: number | null;
  maxMonthMinutes: number | null;
  /** Target hours of the month in minutes (a goal, not a rule); null = none. */
  targetMinutes: number | null;
};

export type SolverStaff = StaffLimits & { id: number; name: string };

/** A request the solver may turn into a draft, trimmed to slots but never extended. */
export type Candidate = { id: number; staffId: number; day: Day; start: number; end: number };

/** A shift the solver keeps as it is (approved, or a draft in fill mode), and rest days (isRest). */
export type FixedShift = {
  id: number;
  staffId: number;
  day: Day;
  start: number;
  end: number;
  isRest: boolean;
  /** Minutes the staff member requested for it (a draft made from a request), for the fulfilment rate. */
  requestedMinutes: number;
  /**
   * A shift of the days around the period, kept for the rest interval and the week's cap only: not
   * counted in the staff member's planned minutes.
   */
  isOutsidePeriod?: boolean;
};

export type SolverSettings = {
  minRestMinutes: number;
  allowMultiplePerDay: boolean;
};

export type SolverInput = {
  settings: SolverSettings;
  staff: SolverStaff[];
  slots: Slot[];
  candidates: Candidate[];
  fixed: FixedShift[];
  /** Days the store is closed (a rest rule): nobody is drafted on them. */
  closedDays: Day[];
  /** Hours the store is closed on a day that also has work rules (a rest rule's hours): no draft reaches in. */
  closedWindows?: { start: number; end: number }[];
};

export type Violation =
  | { kind: 'CLOSED_DAY' }
  | { kind: 'CLOSED_HOURS'; withStart: number; withEnd: number }
  | { kind: 'REST_DAY' }
  | { kind: 'OVERLAP'; withStart: number; withEnd: number }
  | { kind: 'ONE_PER_DAY'; withStart: number; withEnd: number }
  | { kind: 'MIN_REST'; withStart: number; withEnd: number }
  | { kind: 'DAY_CAP'; minutes: number; cap: number }
  | { kind: 'WEEK_CAP'; minutes: number; cap: number }
  | { kind: 'MONTH_CAP'; minutes: number; cap: number };

export type GapReason =
  /**
   * Nobody (else) asked for the slot that day. `othersPlaced`: the slot already has staff, all who asked
   * are placed, and no one more asked (not "nobody asked", which would read as false).
   */
  | { kind: 'NO_REQUEST'; othersPlaced: boolean }
  /**
   * Nobody asked for the slot, nor for any of its hours on any day of the period (requests and kept shifts
   * alike): the rule cannot be met from the requests at all.
   */
  | { kind: 'OUTSIDE_REQUESTS' }
  /** The rule needs more people than the store has (it cannot be met at all). */
  | { kind: 'UNMEETABLE'; required: number; staffCount: number }
  /** A staff member asked for part of the slot only (their request's times). */
  | { kind: 'PARTIAL_REQUEST'; staffId: number; staffName: string; start: number; end: number }
  /** A requester held by their own draft of another slot: moving them fills this one, the gap moves there. */
  | { kind: 'SWAP'; staffId: number; staffName: string; fromDay: Day; fromStart: number; fromEnd: number }
  /** A requester who was not drafted for it, and the first rule drafting them would break. */
  | { kind: 'BLOCKED'; staffId: number; staffName: string; violation: Violation }
  | { kind: 'NOT_DRAFTED'; staffId: number; staffName: string };

export type Assignment = { candidateId: number; staffId: number; day: Day; start: number; end: number };

export type SlotResult = {
  slotId: string;
  day: Day;
  start: number;
  end: number;
  required: number;
  /** Staff covering the whole slot: kept shifts plus proposed drafts. */
  assigned: number;
  staffIds: number[];
  reasons: GapReason[];
};

export type StaffResult = {
  staffId: number;
  name: string;
  /** Minutes planned in the input's period: kept non-rest shifts plus proposed drafts. */
  plannedMinutes: number;
  proposedMinutes: number;
  requestedMinutes: number;
  /** Minutes drafted or kept from requests / minutes requested; null without requests. */
  fulfilmentRate: number | null;
  targetMinutes: number | null;
};

export type SolverResult = {
  assignments: Assignment[];
  slots: SlotResult[];
  staff: StaffResult[];
  totals: {
    required: number;
    assigned: number;
    /** Slot places filled, each slot counted up to its required number. */
    filled: number;
    /** The upper bound of fillable places (see fillableUpperBound). */
    fillable: number;
    unfilledSlots: number;
    /** Places beyond the required count, summed over the slots (kept shifts and drafts). */
    over: number;
    proposedShifts: number;
    proposedMinutes: number;
  };
};
