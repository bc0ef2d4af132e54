import {
  deleteTestDataBodySchema,
  serviceCatalogue,
  setSubscriptionPriceBodySchema,
  type ServiceCode,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormNumberField, SubmitButton } from '../../../components/form/form-fields.tsx';
import { ServerForm } from '../../../components/form/server-form.tsx';
import { useServerSubmit } from '../../../components/form/use-server-submit.ts';
import { useQueryFailure } from '../../../components/query-failure.tsx';
import { formatDate, formatYen } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast-store.ts';
import {
  failedPaymentsQueryOptions,
  masterPricesQueryOptions,
  useDeleteTestDataMutation,
  useSetPriceMutation,
} from '../api/payments.api.ts';
import { Section } from './billing-panel.tsx';

function PriceForm({ serviceCode, current }: { serviceCode: ServiceCode; current: number | undefined }) {
  const { t } = useTranslation();
  const defaultValues = { serviceCode, recurringAmount: current ?? ('' as unknown as number) };
  const form = useForm({ resolver: zodResolver(setSubscriptionPriceBodySchema), defaultValues });
  const setPrice = useSetPriceMutation();
  const onSubmit = useServerSubmit(form, {
    defaultValues,
    onSubmit: async (values) => {
      await setPrice.mutateAsync(values);
      showToast(t('payments.master.priceSaved'), 'success');
    },
  });
  const name = t(`services.names.${serviceCode}`);
  return (
    <ServerForm form={form} onSubmit={onSubmit} label={t('payments.master.priceFormLabel', { name })}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', py: 1 }}>
        <Box sx={{ minWidth: 200 }}>
          <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {serviceCode} ·{' '}
            {current !== undefined
              ? `${formatYen(current)}${t('payments.perMonth')}${t('payments.taxIncluded')}`
              : t('payments.master.noPrice')}
          </Typography>
        </Box>
        <FormNumberField
          name="recurringAmount"
          label={t('payments.master.monthlyAmount')}
          size="small"
          sx={{ width: 180 }}
        />
        <SubmitButton>{t('payments.master.setPrice')}</SubmitButton>
      </Box>
    </ServerForm>
  );
}

function PricesSection() {
  const { t } = useTranslation();
  const prices = useQuery(masterPricesQueryOptions());
  const failure = useQueryFailure(prices);
  return (
    <Section title={t('payments.master.prices')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('payments.master.pricesHint')}
      </Typography>
      {prices.isPending ? (
        <Skeleton variant="rounded" height={100} />
      ) : prices.isError ? (
        failure
      ) : (
        serviceCatalogue.map((s) => (
          <PriceForm
            key={`${s.code}-${prices.data.data.find((p) => p.serviceCode === s.code)?.recurringPriceId ?? 'none'}`}
            serviceCode={s.code}
            current={prices.data.data.find((p) => p.serviceCode === s.code)?.recurringAmount}
          />
        ))
      )}
    </Section>
  );
}

function FailedSection() {
  const { t } = useTranslation();
  const failed = useQuery(failedPaymentsQueryOptions());
  const failure = useQueryFailure(failed);
  return (
    <Section
      title={t('payments.master.failed')}
      action={
        failed.data ? (
          <Chip color={failed.data.total ? 'error' : 'default'} label={failed.data.total} />
        ) : undefined
      }
    >
      {failed.isPending ? (
        <Skeleton variant="rounded" height={100} />
      ) : failed.isError ? (
        failure
      ) : failed.data.data.length === 0 ? (
        <Typography color="text.secondary">{t('payments.master.noFailed')}</Typography>
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-label={t('payments.master.failed')}
            sx={{ minWidth: 720, '& td, & th': { whiteSpace: 'nowrap' } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('payments.history.date')}</TableCell>
                <TableCell>{t('payments.master.client')}</TableCell>
                <TableCell>{t('payments.master.lineAccountId')}</TableCell>
                <TableCell>{t('payments.history.service')}</TableCell>
                <TableCell align="right">{t('payments.history.amount')}</TableCell>
                <TableCell>{t('payments.history.documents')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {failed.data.data.map((f) => (
                <TableRow key={f.id} data-testid="failed-row">
                  <TableCell>{formatDate(f.createdAt)}</TableCell>
                  <TableCell>{f.companyName}</TableCell>
                  <TableCell>{f.lineAccountId}</TableCell>
                  <TableCell>{f.serviceCode ? t(`services.names.${f.serviceCode}`) : '—'}</TableCell>
                  <TableCell align="right">{formatYen(f.amountDue)}</TableCell>
                  <TableCell>
                    {f.receiptUrl && (
                      <Link href={f.receiptUrl} target="_blank" rel="noopener">
                        {t('payments.history.invoice')}
                      </Link>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

function DeleteTestDataSection() {
  const { t } = useTranslation();
  const defaultValues = { clientId: '' as unknown as number, lineAccountId: '' as unknown as number };
  const form = useForm({ resolver: zodResolver(deleteTestDataBodySchema), defaultValues });
  const remove = useDeleteTestDataMutation();
  const onSubmit = useServerSubmit(form, {
    defaultValues,
    onSubmit: async (values) => {
      const result = await remove.mutateAsync(values);
      showToast(t('payments.master.testDeleted', result), 'success');
      form.reset(defaultValues);
    },
  });
  return (
    <Section title={t('payments.master.deleteTest')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('payments.master.deleteTestHint')}
      </Typography>
      <ServerForm form={form} onSubmit={onSubmit} label={t('payments.master.deleteTest')}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <FormNumberField
            name="clientId"
            label={t('payments.master.clientId')}
            size="small"
            sx={{ width: 160 }}
          />
          <FormNumberField
            name="lineAccountId"
            label={t('payments.master.lineAccountId')}
            size="small"
            sx={{ width: 160 }}
          />
          <SubmitButton color="error">{t('payments.master.deleteTestSubmit')}</SubmitButton>
        </Box>
      </ServerForm>
    </Section>
  );
}

/** 決済・料金 (master): prices per service, failed payments across clients, deleting test data. */
export function MasterPayments() {
  return (
    <>
      <PricesSection />
      <FailedSection />
      <DeleteTestDataSection />
    </>
  );
}
