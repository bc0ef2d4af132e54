import Alert from '@mui/material/Alert';
import { useTranslateMessage } from '../../lib/translate-message.ts';

/** The form-level message (from the server, or a rule with no field of its own). */
export function FormAlert({ message }: { message: string | undefined }) {
  const translate = useTranslateMessage();
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2.5 }}>
      {translate(message)}
    </Alert>
  );
}
