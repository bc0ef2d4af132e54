import type { LineAccountService, Service, ServiceCode } from '@app/contracts';
import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowFailure } from '../../../lib/translate-message.ts';
import { useQueryFailure } from '../../../components/query-failure.tsx';

type CatalogueQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: { data: Service[] } | undefined;
  refetch: () => unknown;
};

/**
 * The service catalogue (KS-001 会員サービス, KS-002 シフト管理サービス) against what a LINE account
 * has linked: status per service and a button to link one (it registers the mini-app's LIFF app).
 */
export function LineAccountServicesPanel({
  catalogue,
  links,
  canLink,
  isAccountActive,
  onLink,
}: {
  catalogue: CatalogueQuery;
  links: LineAccountService[];
  canLink: boolean;
  isAccountActive: boolean;
  onLink: (serviceCode: ServiceCode) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [linking, setLinking] = useState<ServiceCode | null>(null);
  const showFailure = useShowFailure();
  const [failure, setFailure] = useState<{ code: ServiceCode; message: string } | null>(null);
  const catalogueFailure = useQueryFailure(catalogue);

  if (catalogue.isPending) return <Skeleton variant="rounded" height={160} />;
  if (catalogue.isError || !catalogue.data) {
    return catalogueFailure;
  }

  const link = async (code: ServiceCode) => {
    setLinking(code);
    setFailure(null);
    try {
      await onLink(code);
    } catch (error) {
      setFailure({ code, message: showFailure(error) });
    } finally {
      setLinking(null);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {catalogue.data.data.map((service) => {
        const linked = links.find((l) => l.serviceCode === service.code);
        const isActive = linked?.status === 'ACTIVE';
        return (
          <Card key={service.code} data-testid={`service-${service.code}`}>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="h4" component="h3">
                  {t(`services.names.${service.code}`, { defaultValue: service.label })}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {service.code}
                </Typography>
                <Box sx={{ flexGrow: 1 }} />
                <Chip
                  size="small"
                  color={isActive ? 'success' : 'default'}
                  variant={isActive ? 'filled' : 'outlined'}
                  label={linked ? t(`services.linkStatus.${linked.status}`) : t('services.notLinked')}
                />
              </Box>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                {service.features.map((f, i) => (
                  <Chip
                    key={f}
                    size="small"
                    variant="outlined"
                    label={t(`services.features.${service.code}.${i}`, { defaultValue: f })}
                  />
                ))}
              </Box>
              {linked?.liffId && (
                <Typography variant="caption" color="text.secondary">
                  LIFF ID: {linked.liffId}
                </Typography>
              )}
              {failure?.code === service.code && (
                <Typography variant="body2" color="error" role="alert">
                  {failure.message}
                </Typography>
              )}
              {canLink && !isActive && (
                <Box sx={{ mt: 'auto' }}>
                  <Button
                    variant="outlined"
                    size="small"
                    startIcon={<AddLinkOutlined />}
                    disabled={!isAccountActive || !service.isPublished || linking !== null}
                    loading={linking === service.code}
                    onClick={() => void link(service.code)}
                  >
                    {t('services.link')}
                  </Button>
                </Box>
              )}
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
