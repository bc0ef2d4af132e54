import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useSyncExternalStore } from 'react';
import { dismissToast, getToast, subscribeToasts } from '../lib/toast-store.ts';

/** Shows the toasts raised with showToast(). */
export function ToastOutlet() {
  const toast = useSyncExternalStore(subscribeToasts, getToast);
  if (!toast) return null;
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={6000}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') dismissToast();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={dismissToast} sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
