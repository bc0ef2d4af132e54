import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '../../lib/color-mode.tsx';
import { LanguageSwitch } from '../language-switch.tsx';
import { visuallyHidden } from '../visually-hidden.ts';

export type ShellUser = { name: string; roleLabel: string; organization?: string | null };

export function UserMenu({ user, onLogout }: { user: ShellUser; onLogout: () => void }) {
  const { t } = useTranslation();
  const { mode, toggleMode } = useColorMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const initial = user.name.trim().charAt(0) || '?';

  return (
    <>
      <ButtonBase
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1, textAlign: 'left' }}
      >
        <Avatar aria-hidden sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: '0.9rem' }}>
          {initial}
        </Avatar>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, minWidth: 0, maxWidth: 200 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {user.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p" sx={{ lineHeight: 1.3 }}>
            {user.roleLabel}
          </Typography>
        </Box>
        {/* The button's name is what it shows (name and role, WCAG 2.5.3) and what it is for. */}
        <Box component="span" sx={visuallyHidden}>
          {t('shell.userMenu')}
        </Box>
        <KeyboardArrowDownOutlined fontSize="small" sx={{ color: 'text.secondary' }} />
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 280, mt: 1, border: 1, borderColor: 'divider' } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 700 }}>{user.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.roleLabel}
          </Typography>
          {user.organization && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.organization}
            </Typography>
          )}
        </Box>
        <Divider />
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.75 }}>
            {t('preferences.language')}
          </Typography>
          <LanguageSwitch />
        </Box>
        <MenuItem onClick={toggleMode} role="menuitemcheckbox" aria-checked={mode === 'dark'}>
          <ListItemIcon>
            <DarkModeOutlined fontSize="small" />
          </ListItemIcon>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {t('preferences.darkMode')}
          </Typography>
          <Switch
            size="small"
            checked={mode === 'dark'}
            tabIndex={-1}
            slotProps={{ input: { 'aria-hidden': true } }}
          />
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <Typography variant="body2">{t('shell.logout')}</Typography>
        </MenuItem>
      </Menu>
    </>
  );
}
