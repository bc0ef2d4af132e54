import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/routes.ts';
import { masterLineAccountSearchQueryOptions } from '../../features/line-accounts/api/line-accounts.api.ts';
import {
  MasterLineAccountTable,
  lineAccountStatusFilterOf,
} from '../../features/line-accounts/components/master-line-account-table.tsx';
import { useListParams } from '../../lib/use-list-params.ts';

/** /master/line-accounts: every client's LINE公式アカウント (the line-oa search). */
export function MasterLineAccountsPage() {
  const { t } = useTranslation();
  const params = useListParams();
  const query = useQuery(
    masterLineAccountSearchQueryOptions({
      page: params.page,
      limit: params.limit,
      search: params.get('search') || undefined,
      status: lineAccountStatusFilterOf(params),
    }),
  );
  return (
    <>
      <PageHeader title={t('nav.lineAccounts')} subtitle={t('lineAccounts.master.subtitle')} />
      <MasterLineAccountTable
        query={query}
        params={params}
        clientHrefOf={(a) => `${paths.master}/clients/${a.clientId}`}
      />
    </>
  );
}
