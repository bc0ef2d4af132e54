import type { InflowRoute } from '@app/contracts';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store.ts';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { downloadRouteQr } from '../api/inflow.api.ts';

const figureKeys = [
  'visits',
  'uniqueVisitors',
  'newFriends',
  'unblocked',
  'blockedLater',
  'members',
] as const satisfies readonly (keyof InflowRoute['figures'])[];

/** The routes with their figures over the period, their URL and QR code, and (managers) edit and delete. */
export function RouteTable({
  lineAccountId,
  routes,
  canManage,
  onEdit,
  onDelete,
}: {
  lineAccountId: number;
  routes: InflowRoute[];
  canManage: boolean;
  onEdit: (route: InflowRoute) => void;
  onDelete: (route: InflowRoute) => void;
}) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const download = (route: InflowRoute, kind: 'png' | 'pdf') =>
    downloadRouteQr(lineAccountId, route.id, kind).catch((error: unknown) => showToast(showFailure(error)));
  const copy = (route: InflowRoute) =>
    void navigator.clipboard
      ?.writeText(route.url)
      .then(() => showToast(t('inflow.copied'), 'success'))
      .catch(() => undefined);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('inflow.tableLabel')} data-testid="inflow-route-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('inflow.name')}</TableCell>
            {figureKeys.map((key) => (
              <TableCell key={key} align="right">
                {t(`inflow.figures.${key}`)}
              </TableCell>
            ))}
            <TableCell align="right">{t('inflow.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {routes.map((route) => (
            <TableRow key={route.id} data-testid={`inflow-route-${route.id}`}>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {route.name}
                  </Typography>
                  {!route.isActive && <Chip size="small" label={t('inflow.off')} />}
                </Box>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ wordBreak: 'break-all', display: 'block', maxWidth: 320 }}
                >
                  {route.url}
                </Typography>
              </TableCell>
              {figureKeys.map((key) => (
                <TableCell key={key} align="right" data-testid={`inflow-${key}`}>
                  {route.figures[key].toLocaleString()}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('inflow.copyUrl')}>
                  <IconButton aria-label={t('inflow.copyUrl')} onClick={() => copy(route)} size="small">
                    <ContentCopyOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('inflow.qrPng')}>
                  <IconButton
                    aria-label={t('inflow.qrPng')}
                    onClick={() => void download(route, 'png')}
                    size="small"
                  >
                    <QrCode2Outlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('inflow.qrPdf')}>
                  <IconButton
                    aria-label={t('inflow.qrPdf')}
                    onClick={() => void download(route, 'pdf')}
                    size="small"
                  >
                    <PictureAsPdfOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                {canManage && (
                  <>
                    <Tooltip title={t('common.edit')}>
                      <IconButton aria-label={t('common.edit')} onClick={() => onEdit(route)} size="small">
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('common.delete')}>
                      <IconButton
                        aria-label={t('common.delete')}
                        onClick={() => onDelete(route)}
                        size="small"
                      >
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
