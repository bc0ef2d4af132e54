import type { Role } from '@app/contracts';

/** Page paths. Mail links the API sends must use PASSWORD_RESET_CONFIRM and VERIFY_EMAIL. */
export const paths = {
  home: '/',
  login: '/login',
  passwordReset: '/password/reset',
  passwordResetConfirm: '/password/reset/confirm',
  verifyEmail: '/verify-email',
  emailChangeCancel: '/email-change/cancel',
  signup: '/signup',
  devMailbox: '/dev/mailbox',
  master: '/master',
  agency: '/agency',
  client: '/client',
} as const;

export const areaPathOfRole: Record<Role, string> = {
  MASTER: paths.master,
  AGENCY: paths.agency,
  CLIENT: paths.client,
};

/**
 * Pages anyone may open; a 401 there is an answer to show, not a reason to go to the login page.
 * The development mailbox is not one: it holds password-reset links and only MASTER users read it.
 */
const publicPrefixes = ['/login', '/password', '/verify-email', '/email-change', '/signup'];

export function isPublicPath(pathname: string): boolean {
  return publicPrefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** `/login?next=<where the user was>` */
export function loginPathWithNext(next: string): string {
  return `${paths.login}?next=${encodeURIComponent(next)}`;
}

/** Where to go after login: `next` when it lies inside the user's own area, else the area's home. */
export function landingPathFor(role: Role, next: string | null): string {
  const area = areaPathOfRole[role];
  if (
    next &&
    !next.startsWith('//') &&
    (next === area ||
      next.startsWith(`${area}/`) ||
      next.startsWith(`${area}?`) ||
      (role === 'MASTER' && next === paths.devMailbox))
  ) {
    return next;
  }
  return area;
}
