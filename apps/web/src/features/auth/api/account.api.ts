import {
  authEndpoints,
  type ClientSignupBody,
  type PasswordConfirmBody,
  type PasswordResetBody,
  type VerifyEmailResendBody,
} from '@app/contracts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function usePasswordResetMutation() {
  return useMutation({
    mutationFn: (body: PasswordResetBody) => apiRequest(authEndpoints.passwordReset, { body }),
  });
}

export function usePasswordConfirmMutation() {
  return useMutation({
    mutationFn: (body: PasswordConfirmBody) => apiRequest(authEndpoints.passwordConfirm, { body }),
  });
}

/**
 * Verifying is a POST, but the page does it once on load: a query with an endless cache makes sure the
 * single-use token is sent once, even when React mounts the page twice (StrictMode, back navigation).
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => apiRequest(authEndpoints.verifyEmail, { body: { token } }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The "this was not me" link of an e-mail change: sent only when the owner presses the button. */
export function useEmailChangeCancelMutation() {
  return useMutation({
    mutationFn: (token: string) => apiRequest(authEndpoints.emailChangeCancel, { body: { token } }),
  });
}

export function useVerifyEmailResendMutation() {
  return useMutation({
    mutationFn: (body: VerifyEmailResendBody) => apiRequest(authEndpoints.verifyEmailResend, { body }),
  });
}

export function useClientSignupMutation() {
  return useMutation({
    mutationFn: (body: ClientSignupBody) => apiRequest(authEndpoints.clientSignup, { body }),
  });
}
