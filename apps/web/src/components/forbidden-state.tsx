import LockOutlined from '@mui/icons-material/LockOutlined';
import Card from '@mui/material/Card';
import { useTranslation } from 'react-i18next';
import { StatusState } from './status-state.tsx';

export function ForbiddenState() {
  const { t } = useTranslation();
  return (
    <Card>
      <StatusState
        icon={<LockOutlined />}
        title={t('forbidden.title')}
        description={t('forbidden.description')}
      />
    </Card>
  );
}
