import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** "← list" above a detail or form page. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      size="small"
      startIcon={<ArrowBackOutlined fontSize="small" />}
      sx={{ mb: 1.5, ml: -1, color: 'text.secondary' }}
    >
      {label}
    </Button>
  );
}
