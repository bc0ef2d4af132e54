import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Card from '@mui/material/Card';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header.tsx';
import { StatusState } from './status-state.tsx';

/** The tidy placeholder of a screen that is planned but not built yet. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <StatusState
          icon={<ConstructionOutlined />}
          title={t('comingSoon.title')}
          description={t('comingSoon.description')}
        />
      </Card>
    </>
  );
}
