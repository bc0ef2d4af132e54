import { Outlet } from 'react-router';
import { ToastOutlet } from '../components/toast-outlet.tsx';
import { AppThemeProvider } from './app-theme-provider.tsx';

/** Every page: branded theme (it reads the URL, so it lives inside the router) and the toasts. */
export function RootLayout() {
  return (
    <AppThemeProvider>
      <Outlet />
      <ToastOutlet />
    </AppThemeProvider>
  );
}
