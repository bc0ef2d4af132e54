import type { RichMenu } from '@app/contracts';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import StarOutlined from '@mui/icons-material/StarOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useQueryFailure, type FailingQuery } from '../../../components/query-failure.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { StatusState } from '../../../components/status-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** A tab's own label: its menu's name without the （タブ i/n） the server adds. */
const tabLabelOf = (menu: RichMenu) => menu.name.replace(/（タブ \d+\/\d+）$/, '');

/**
 * The account's rich menus as cards (a tabbed rich menu is one card: its tabs by name, edited and
 * deleted as a whole): the image as a thumbnail, the name and chat bar text, which one is
 * the default; edit, set as default and delete (asked first) for those who may.
 */
export function RichMenuList({
  query,
  canManage,
  hrefOf,
  createAction,
  onSetDefault,
  onDelete,
}: {
  query: FailingQuery & { isPending: boolean; data: { data: RichMenu[] } | undefined };
  canManage: boolean;
  hrefOf: (menu: RichMenu) => string;
  createAction?: ReactNode;
  onSetDefault: (menu: RichMenu) => Promise<unknown>;
  onDelete: (menu: RichMenu) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const failure = useQueryFailure(query);
  const [toDelete, setToDelete] = useState<RichMenu | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  if (query.isPending) return <PageLoader />;
  if (!query.data) return <Card>{failure}</Card>;
  const all = query.data.data;
  // A tabbed menu shows once, as its first tab; its other tabs are named on that card.
  const menus = all.filter((menu) => !menu.tab || menu.tab.index === 0);
  const tabsOf = (menu: RichMenu) =>
    menu.tab
      ? all.filter((m) => m.tab?.groupId === menu.tab?.groupId).sort((x, y) => x.tab!.index - y.tab!.index)
      : [menu];
  if (menus.length === 0) {
    return (
      <Card>
        <StatusState
          icon={<GridViewOutlined />}
          title={t('richMenus.empty.title')}
          description={t('richMenus.empty.description')}
          action={createAction}
        />
      </Card>
    );
  }
  const run = async (menu: RichMenu, action: () => Promise<unknown>) => {
    setBusy(menu.id);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {menus.map((menu) => {
          const tabs = tabsOf(menu);
          const isDefault = tabs.some((m) => m.isDefault);
          const title = menu.tab ? tabs.map(tabLabelOf).join(' / ') : menu.name;
          return (
            <Card
              key={menu.id}
              data-testid="rich-menu-card"
              sx={{ display: 'flex', flexDirection: 'column' }}
            >
              <Box
                component="img"
                src={menu.imageUrl}
                alt={t('richMenus.thumbnailOf', { name: title })}
                loading="lazy"
                sx={{
                  width: '100%',
                  aspectRatio: `${menu.size.width} / ${menu.size.height}`,
                  objectFit: 'cover',
                  display: 'block',
                  bgcolor: 'grey.100',
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              />
              <CardContent sx={{ flex: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
                  <Typography
                    variant="subtitle1"
                    component="h2"
                    sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {title}
                  </Typography>
                  {menu.tab && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t('richMenus.tabbed.groupChip', { count: tabs.length })}
                    />
                  )}
                  {isDefault && (
                    <Chip
                      size="small"
                      color="primary"
                      icon={<StarOutlined />}
                      label={t('richMenus.default')}
                    />
                  )}
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {menu.tab
                    ? t('richMenus.tabbed.groupSummary', {
                        tabs: tabs.map(tabLabelOf).join('・'),
                        width: menu.size.width,
                        height: menu.size.height,
                      })
                    : t('richMenus.summary', {
                        chatBarText: menu.chatBarText,
                        count: menu.areas.length,
                        width: menu.size.width,
                        height: menu.size.height,
                      })}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('richMenus.updated', {
                    at: formatDateTime(menu.updatedAt),
                    name: menu.updatedBy?.name ?? '-',
                  })}
                </Typography>
              </CardContent>
              <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                <Button size="small" startIcon={<EditOutlined />} component={RouterLink} to={hrefOf(menu)}>
                  {canManage ? t('common.edit') : t('richMenus.open')}
                </Button>
                {canManage && !isDefault && (
                  <Button
                    size="small"
                    startIcon={<StarOutlined />}
                    loading={busy === menu.id}
                    onClick={() => void run(menu, () => onSetDefault(menu))}
                  >
                    {t('richMenus.setDefault')}
                  </Button>
                )}
                {canManage && (
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteOutlined />}
                    onClick={() => setToDelete(menu)}
                  >
                    {t('common.delete')}
                  </Button>
                )}
              </CardActions>
            </Card>
          );
        })}
      </Box>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('richMenus.delete.title')}
        description={
          toDelete?.tab
            ? t('richMenus.tabbed.deleteGroup', { count: tabsOf(toDelete).length })
            : t('richMenus.delete.description', { name: toDelete?.name ?? '' })
        }
        confirmLabel={t('common.delete')}
        isDanger
        isLoading={busy === toDelete?.id}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          const menu = toDelete;
          if (!menu) return;
          void run(menu, () => onDelete(menu)).then(() => setToDelete(null));
        }}
      />
    </>
  );
}
