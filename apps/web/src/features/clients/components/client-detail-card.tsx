import type { ClientDetail } from '@app/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/data/detail-list.tsx';
import { prefectures } from '../../../config/prefectures.ts';
import { formatDate, formatYen, fullName } from '../../../lib/format.ts';
import { ContractStatusChip, PaymentStatusChip } from './contract-status-chip.tsx';

/** 〒530-0001 大阪府大阪市北区梅田1-1-3 ビル名 */
export function useFormatAddress() {
  const { i18n } = useTranslation();
  return (address: ClientDetail['address']) => {
    const prefecture = prefectures.find((p) => p.value === address.prefecture);
    const prefectureName = prefecture
      ? i18n.resolvedLanguage === 'en'
        ? prefecture.en
        : prefecture.ja
      : address.prefecture;
    return `〒${address.postalCode} ${prefectureName}${address.city}${address.addressOther}${address.building ? ` ${address.building}` : ''}`;
  };
}

/** Everything about a client's contract, company and contact person. */
export function ClientDetailCard({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const formatAddress = useFormatAddress();
  const contact = client.contactPerson;
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
          {t('clients.contract')}
        </Typography>
        <DetailList
          items={[
            {
              label: t('clients.contractStatus'),
              value: <ContractStatusChip status={client.contractStatus} />,
            },
            { label: t('clients.monthlyFee'), value: formatYen(client.monthlyFee) },
            { label: t('clients.paymentStatus'), value: <PaymentStatusChip status={client.paymentStatus} /> },
            { label: t('clients.agency'), value: client.agencyName ?? t('clients.noAgency') },
            { label: t('clients.contractStartDate'), value: formatDate(client.contractStartDate) },
            { label: t('clients.contractEndDate'), value: formatDate(client.contractEndDate) },
            { label: t('common.createdAt'), value: formatDate(client.createdAt) },
          ]}
        />
        <Divider sx={{ my: 3 }} />
        <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
          {t('signup.company')}
        </Typography>
        <DetailList
          items={[
            { label: t('fields.companyName'), value: client.companyName },
            { label: t('fields.companyNameKana'), value: client.companyNameKana },
            { label: t('signup.address'), value: formatAddress(client.address), isWide: true },
          ]}
        />
        <Divider sx={{ my: 3 }} />
        <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
          {t('signup.contactPerson')}
        </Typography>
        {contact ? (
          <DetailList
            items={[
              { label: t('common.name'), value: fullName(contact) },
              {
                label: t('common.nameKana'),
                value: `${contact.lastNameKana ?? ''} ${contact.firstNameKana ?? ''}`.trim(),
              },
              { label: t('fields.email'), value: contact.email },
              { label: t('fields.phoneNumber'), value: contact.phoneNumber },
            ]}
          />
        ) : (
          <Typography color="text.secondary">{t('clients.noContactPerson')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
