import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type StateProps = { icon?: ReactNode; title: string; description?: ReactNode; action?: ReactNode };

/** A quiet, centred message for empty lists, errors and pages to come. */
export function StatusState({ icon, title, description, action }: StateProps) {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 5, sm: 8 }, px: 2, color: 'text.secondary' }}>
      {icon && (
        <Box
          sx={{
            mx: 'auto',
            mb: 2,
            width: 56,
            height: 56,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
            '& svg': { fontSize: 28 },
          }}
        >
          {icon}
        </Box>
      )}
      <Typography variant="h4" component="p" sx={{ color: 'text.primary', mb: 1 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" component="div" sx={{ maxWidth: 440, mx: 'auto' }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Box>
  );
}

export function EmptyState({ title, description, action }: Omit<StateProps, 'icon'>) {
  return <StatusState icon={<InboxOutlined />} title={title} description={description} action={action} />;
}

export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusState
      icon={<ErrorOutlineOutlined />}
      title={t('common.loadFailed')}
      description={message}
      action={
        onRetry && (
          <Button variant="outlined" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    />
  );
}
