// The public pages, loaded as one chunk.
export { LoginPage } from './login-page.tsx';
export { PasswordResetPage } from './password-reset-page.tsx';
export { PasswordResetConfirmPage } from './password-reset-confirm-page.tsx';
export { VerifyEmailPage } from './verify-email-page.tsx';
export { EmailChangeCancelPage } from './email-change-cancel-page.tsx';
export { SignupPage } from './signup-page.tsx';
