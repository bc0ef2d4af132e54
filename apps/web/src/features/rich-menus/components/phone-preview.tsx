import type { RichMenuArea } from '@app/contracts';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The rich menu as a LINE user sees it: a phone with the chat, the menu image at the bottom (its tap
 * areas faintly outlined) and the chat bar with the menu's text.
 */
export function RichMenuPhonePreview({
  imageSrc,
  size,
  areas,
  chatBarText,
  accountName,
}: {
  imageSrc: string | null;
  size: { width: number; height: number };
  areas: RichMenuArea[];
  chatBarText: string;
  accountName?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      aria-label={t('richMenus.preview.label')}
      role="figure"
      sx={{
        width: 300,
        mx: 'auto',
        border: '10px solid #1f2328',
        borderRadius: '32px',
        overflow: 'hidden',
        bgcolor: '#8CABD9',
        boxShadow: 3,
      }}
    >
      <Box sx={{ bgcolor: '#243447', color: '#fff', px: 2, py: 1.25 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }} noWrap>
          {accountName ?? t('richMenus.preview.account')}
        </Typography>
      </Box>
      <Box sx={{ height: 170, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box
          sx={{
            alignSelf: 'flex-start',
            bgcolor: '#fff',
            borderRadius: 2,
            px: 1.25,
            py: 0.75,
            maxWidth: '80%',
          }}
        >
          <Typography variant="caption">{t('richMenus.preview.greeting')}</Typography>
        </Box>
      </Box>
      <Box sx={{ position: 'relative', bgcolor: '#fff', aspectRatio: `${size.width} / ${size.height}` }}>
        {imageSrc ? (
          <Box
            component="img"
            src={imageSrc}
            alt=""
            sx={{ width: '100%', height: '100%', display: 'block', objectFit: 'fill' }}
          />
        ) : (
          <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
            <Typography variant="caption">{t('richMenus.editor.noImage')}</Typography>
          </Box>
        )}
        {areas.map((area, index) => (
          <Box
            key={index}
            sx={{
              position: 'absolute',
              left: `${(area.bounds.x / size.width) * 100}%`,
              top: `${(area.bounds.y / size.height) * 100}%`,
              width: `${(area.bounds.width / size.width) * 100}%`,
              height: `${(area.bounds.height / size.height) * 100}%`,
              outline: '1px dashed rgba(0,0,0,0.25)',
            }}
          />
        ))}
      </Box>
      <Box
        sx={{
          bgcolor: '#fff',
          borderTop: 1,
          borderColor: 'divider',
          py: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 0.5,
        }}
      >
        <Typography variant="body2" data-testid="chat-bar-text">
          {chatBarText || t('richMenus.editor.chatBarPlaceholder')}
        </Typography>
        <KeyboardArrowDownOutlined fontSize="small" />
      </Box>
    </Box>
  );
}
