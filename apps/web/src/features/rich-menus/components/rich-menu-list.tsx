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

/**
 * The account's rich menus as cards: the image as a thumbnail, the name and chat bar text, which one is
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
  const menus = query.data.data;
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
        {menus.map((menu) => (
          <Card key={menu.id} data-testid="rich-menu-card" sx={{ display: 'flex', flexDirection: 'column' }}>
            <Box
              component="img"
              src={menu.imageUrl}
              alt={t('richMenus.thumbnailOf', { name: menu.name })}
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
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }} noWrap>
                  {menu.name}
                </Typography>
                {menu.tab && (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('richMenus.tabbed.chip', {
                      number: menu.tab.index + 1,
                      count: menus.filter((m) => m.tab?.groupId === menu.tab?.groupId).length,
                    })}
                  />
                )}
                {menu.isDefault && (
                  <Chip size="small" color="primary" icon={<StarOutlined />} label={t('richMenus.default')} />
                )}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('richMenus.summary', {
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
                {canManage && !menu.tab ? t('common.edit') : t('richMenus.open')}
              </Button>
              {canManage && !menu.isDefault && (
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
        ))}
      </Box>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('richMenus.delete.title')}
        description={t('richMenus.delete.description', { name: toDelete?.name ?? '' })}
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
