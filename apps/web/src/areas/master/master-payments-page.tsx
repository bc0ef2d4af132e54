import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { MasterPayments } from '../../features/payments/components/master-payments.tsx';

/** /master/payments: 決済・料金. */
export function MasterPaymentsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('nav.payments')} subtitle={t('payments.master.subtitle')} />
      <MasterPayments />
    </>
  );
}
