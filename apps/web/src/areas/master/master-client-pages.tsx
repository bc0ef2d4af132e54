import type { ContractStatus } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Route, Routes, useNavigate } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useRendersQueryFailure } from '../../lib/query-meta.ts';
import { WithIdParam } from '../../components/with-id-param.tsx';
import { paths } from '../../config/routes.ts';
import { agenciesQueryOptions } from '../../features/agencies/api/agencies.api.ts';
import {
  clientSearchQueryOptions,
  masterClientQueryOptions,
  useChangeContractMutation,
  useCreateClientMutation,
  useUpdateClientMutation,
} from '../../features/clients/api/clients.api.ts';
import { ApprovalQueue, ApproveClientButton } from '../../features/clients/components/approval-queue.tsx';
import { ClientCreateForm } from '../../features/clients/components/client-create-form.tsx';
import { ClientDetailCard } from '../../features/clients/components/client-detail-card.tsx';
import { ClientEditForm } from '../../features/clients/components/client-edit-form.tsx';
import {
  ClientListToolbar,
  ClientTable,
  statusFilterOf,
} from '../../features/clients/components/client-table.tsx';
import { ContractStatusDialog } from '../../features/clients/components/contract-status-dialog.tsx';
import { allowedContractChanges } from '../../features/clients/components/contract-transitions.ts';
import { masterClientLineAccountsQueryOptions } from '../../features/line-accounts/api/line-accounts.api.ts';
import { ClientLineAccountTable } from '../../features/line-accounts/components/client-line-account-table.tsx';
import { masterUsersQueryOptions } from '../../features/users/api/users.api.ts';
import { ClientUserTable } from '../../features/users/components/client-user-table.tsx';
import { useListParams } from '../../lib/use-list-params.ts';
import { showToast } from '../../lib/toast-store.ts';

const base = `${paths.master}/clients`;

/** Agencies for the agency select of the client forms. */
function useAgencyOptions() {
  const agencies = useQuery(agenciesQueryOptions({ limit: 500 }));
  return (agencies.data?.data ?? []).map((a) => ({ id: a.id, name: a.name }));
}

function ClientListPage() {
  const { t } = useTranslation();
  const params = useListParams();
  const query = useQuery(
    clientSearchQueryOptions({
      page: params.page,
      limit: params.limit,
      search: params.get('search') || undefined,
      status: statusFilterOf(params),
    }),
  );
  // The clients waiting for the operator: on top of the list, each with its 承認 button.
  const awaiting = useQuery(clientSearchQueryOptions({ page: 1, limit: 100, status: 'PENDING_APPROVAL' }));
  const createButton = (
    <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={`${base}/new`}>
      {t('clients.new')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('nav.clients')} subtitle={t('clients.subtitle')} actions={createButton} />
      <ApprovalQueue clients={awaiting.data?.data ?? []} hrefOf={(c) => `${base}/${c.id}`} />
      <ClientTable
        query={query}
        params={params}
        hrefOf={(c) => `${base}/${c.id}`}
        toolbar={<ClientListToolbar params={params} />}
        emptyAction={createButton}
      />
    </>
  );
}

function ClientCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateClientMutation();
  const agencies = useAgencyOptions();
  return (
    <>
      <BackLink to={base} label={t('clients.backToList')} />
      <PageHeader title={t('clients.new')} subtitle={t('clients.newHint')} />
      <ClientCreateForm
        agencies={agencies}
        onCancel={() => void navigate(base)}
        onSubmit={async (body) => {
          const client = await create.mutateAsync(body);
          showToast(t('clients.created', { name: client.companyName }), 'success');
          await navigate(`${base}/${client.id}`);
        }}
      />
    </>
  );
}

/** A heading for the read-only lists under the client's details. */
function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="h4" component="h2" sx={{ mt: 4, mb: 2 }}>
      {children}
    </Typography>
  );
}

function ClientDetailPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const client = useQuery(masterClientQueryOptions(id));
  const users = useQuery(masterUsersQueryOptions({ clientId: String(id), limit: 500 }));
  const lineAccounts = useQuery(masterClientLineAccountsQueryOptions(id));
  // Their tables stand inside the client's QueryState: they show these failures once the client is in.
  useRendersQueryFailure(users);
  useRendersQueryFailure(lineAccounts);
  const change = useChangeContractMutation(id);
  const [dialogStatus, setDialogStatus] = useState<ContractStatus | '' | null>(null);
  return (
    <>
      <BackLink to={base} label={t('clients.backToList')} />
      <QueryState query={client}>
        {(c) => {
          const allowed = allowedContractChanges(c.contractStatus);
          const canCancel = allowed.some((a) => a.via === 'cancel');
          const canDisable = allowed.some((a) => a.via === 'disable');
          return (
            <>
              <PageHeader
                title={c.companyName}
                subtitle={c.companyNameKana}
                actions={
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    {c.contractStatus === 'PENDING_APPROVAL' && (
                      <ApproveClientButton clientId={c.id} companyName={c.companyName} />
                    )}
                    <Button
                      variant="outlined"
                      startIcon={<EditOutlined />}
                      component={RouterLink}
                      to={`${base}/${c.id}/edit`}
                    >
                      {t('common.edit')}
                    </Button>
                    <Button
                      variant={c.contractStatus === 'PENDING_APPROVAL' ? 'outlined' : 'contained'}
                      startIcon={<SwapHorizOutlined />}
                      disabled={allowed.length === 0}
                      onClick={() => setDialogStatus('')}
                    >
                      {t('clients.changeStatus')}
                    </Button>
                    {canCancel && (
                      <Button color="error" variant="outlined" onClick={() => setDialogStatus('CANCELLED')}>
                        {t('clients.cancelContract')}
                      </Button>
                    )}
                    {canDisable && (
                      <Button color="error" onClick={() => setDialogStatus('DISABLED')}>
                        {t('clients.disable')}
                      </Button>
                    )}
                  </Box>
                }
              />
              <ClientDetailCard client={c} />
              <SectionTitle>{t('clients.usersTitle')}</SectionTitle>
              <ClientUserTable query={users} />
              <SectionTitle>{t('clients.lineAccountsTitle')}</SectionTitle>
              <ClientLineAccountTable query={lineAccounts} />
              {dialogStatus !== null && (
                <ContractStatusDialog
                  open
                  companyName={c.companyName}
                  current={c.contractStatus}
                  initialStatus={dialogStatus || undefined}
                  onClose={() => setDialogStatus(null)}
                  onSubmit={async (target) => {
                    await change.mutateAsync(target);
                    showToast(
                      t('clients.statusChanged', { status: t(`contractStatus.${target.status}`) }),
                      'success',
                    );
                  }}
                />
              )}
            </>
          );
        }}
      </QueryState>
    </>
  );
}

function ClientEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQuery(masterClientQueryOptions(id));
  const update = useUpdateClientMutation(id);
  const agencies = useAgencyOptions();
  const detail = `${base}/${id}`;
  return (
    <>
      <BackLink to={detail} label={t('clients.backToDetail')} />
      <QueryState query={client}>
        {(c) => (
          <>
            <PageHeader title={t('clients.editTitle', { name: c.companyName })} />
            <ClientEditForm
              client={c}
              agencies={agencies}
              onCancel={() => void navigate(detail)}
              onSubmit={async (body) => {
                await update.mutateAsync(body);
                showToast(t('common.saved'), 'success');
                await navigate(detail);
              }}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

/** /master/clients, /new, /:id, /:id/edit */
export function MasterClientPages() {
  return (
    <Routes>
      <Route index element={<ClientListPage />} />
      <Route path="new" element={<ClientCreatePage />} />
      <Route path=":id" element={<WithIdParam render={(id) => <ClientDetailPage key={id} id={id} />} />} />
      <Route path=":id/edit" element={<WithIdParam render={(id) => <ClientEditPage key={id} id={id} />} />} />
      <Route path="*" element={<NotFoundPage embedded />} />
    </Routes>
  );
}
