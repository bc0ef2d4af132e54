import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';

/** ja / en switch; i18n remembers the choice. */
export function LanguageSwitch({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'ja';
  return (
    <ToggleButtonGroup
      exclusive
      size={size}
      value={language}
      aria-label={t('preferences.language')}
      onChange={(_, value: string | null) => {
        if (value) void i18n.changeLanguage(value);
      }}
    >
      <ToggleButton value="ja" sx={{ px: { xs: 1, sm: 1.5 }, py: 0.25, whiteSpace: 'nowrap' }}>
        <TranslateOutlined fontSize="inherit" sx={{ mr: 0.5, display: { xs: 'none', sm: 'inline-block' } }} />
        日本語
      </ToggleButton>
      <ToggleButton value="en" sx={{ px: { xs: 1, sm: 1.5 }, py: 0.25, whiteSpace: 'nowrap' }}>
        English
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
