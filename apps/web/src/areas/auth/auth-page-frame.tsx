import type { ComponentProps } from 'react';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { useBranding } from '../../features/branding/api/use-branding.ts';

/** AuthLayout with the LINE account's logo and title when the URL names one. */
export function AuthPageFrame(props: Omit<ComponentProps<typeof AuthLayout>, 'logoUrl' | 'brandTitle'>) {
  const branding = useBranding();
  return <AuthLayout {...props} logoUrl={branding?.logoUrl} brandTitle={branding?.title} />;
}
