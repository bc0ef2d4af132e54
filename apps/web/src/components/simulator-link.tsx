import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/**
 * A link to the LINE simulator's page (act as a LINE user: follow, chat, open the mini-apps), shown
 * only while the product talks to the simulator: the session carries its address then, never with
 * real LINE nor in production.
 */
export function SimulatorLink({ url }: { url: string | undefined }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <Tooltip title={t('simulator.hint')} describeChild>
      <Button
        variant="outlined"
        startIcon={<OpenInNewOutlined />}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="simulator-link"
      >
        {t('simulator.open')}
      </Button>
    </Tooltip>
  );
}
