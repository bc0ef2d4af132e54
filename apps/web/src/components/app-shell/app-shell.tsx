import MenuOutlined from '@mui/icons-material/MenuOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { BrandMark } from '../brand-mark.tsx';
import { UserMenu, type ShellUser } from './user-menu.tsx';

export const DRAWER_WIDTH = 248;

/** `badge`: a count shown beside the label (unread announcements), hidden when 0. */
export type ShellNavItem = { to: string; label: string; icon: ReactNode; end?: boolean; badge?: number };

type AppShellProps = {
  areaLabel: string;
  navItems: ShellNavItem[];
  user: ShellUser;
  onLogout: () => void;
  logoUrl?: string | null;
  brandTitle?: string | null;
  children: ReactNode;
};

/** The frame of the signed-in areas: app bar, navigation drawer (temporary on phones), content. */
export function AppShell({
  areaLabel,
  navItems,
  user,
  onLogout,
  logoUrl,
  brandTitle,
  children,
}: AppShellProps) {
  const { t } = useTranslation();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);

  const navigation = (
    <Box component="nav" aria-label={t('shell.navigation')} sx={{ py: 1.5, px: 1.5 }}>
      <Typography
        variant="overline"
        color="text.secondary"
        sx={{ px: 1.5, display: 'block', letterSpacing: '0.08em', fontWeight: 700 }}
      >
        {areaLabel}
      </Typography>
      <List disablePadding>
        {navItems.map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.to}
              end={item.end}
              onClick={() => setIsDrawerOpen(false)}
              sx={{
                borderRadius: 2,
                mb: 0.25,
                py: 0.9,
                color: 'text.secondary',
                '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 36 },
                '&.active': {
                  bgcolor: 'action.selected',
                  color: 'primary.main',
                  fontWeight: 700,
                },
                '&.active .MuiListItemText-primary': { fontWeight: 700 },
              }}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontSize: '0.9rem' } } }} />
              {item.badge ? (
                <Box
                  component="span"
                  title={t('shell.unreadCount', { count: item.badge })}
                  sx={{
                    minWidth: 20,
                    height: 20,
                    px: 0.75,
                    borderRadius: 10,
                    bgcolor: 'error.main',
                    color: 'error.contrastText',
                    fontSize: 12,
                    fontWeight: 700,
                    display: 'inline-grid',
                    placeItems: 'center',
                  }}
                >
                  {item.badge > 99 ? '99+' : item.badge}
                </Box>
              ) : null}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        sx={{
          zIndex: (theme) => theme.zIndex.drawer + 1,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t('shell.openNavigation')}
            onClick={() => setIsDrawerOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuOutlined />
          </IconButton>
          <BrandMark logoUrl={logoUrl} title={brandTitle} />
          <Box sx={{ flex: 1 }} />
          <UserMenu user={user} onLogout={onLogout} />
        </Toolbar>
      </AppBar>
      <Drawer
        variant="temporary"
        open={isDrawerOpen}
        onClose={() => setIsDrawerOpen(false)}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <Toolbar />
        {navigation}
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': {
            width: DRAWER_WIDTH,
            boxSizing: 'border-box',
            borderRight: 1,
            borderColor: 'divider',
          },
        }}
        open
      >
        <Toolbar />
        {navigation}
      </Drawer>
      <Box component="main" sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3, lg: 5 }, py: { xs: 3, sm: 4 } }}>
        <Toolbar />
        <Box sx={{ maxWidth: 1200, mx: 'auto' }}>{children}</Box>
      </Box>
    </Box>
  );
}
