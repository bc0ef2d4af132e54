import type { LineAccount, Session } from '@app/contracts';

/** The member service (issue 33's card, the 読み取り page) is on, on this LINE account. */
export const hasMemberService = (account: LineAccount) =>
  account.services.some((s) => s.serviceCode === 'KS-001' && s.status === 'ACTIVE');

/** The counter's 読み取り page. */
export const SCAN_PATH = '/client/scan';

/**
 * A client's staff (the counter: they scan and add, managers set the programme) land on 読み取り after
 * login when one of the client's LINE accounts has the member service (issue 33's demo: "the demo staff
 * login opens the scanner page"); everyone else, and a staff user of a client without it, on the area's home.
 */
export const isCounterStaff = (session: Pick<Session, 'role' | 'position'>) =>
  session.role === 'CLIENT' && session.position === 'STAFF';
