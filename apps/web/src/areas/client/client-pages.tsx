import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import type { Session } from '@app/contracts';
import { BackLink } from '../../components/back-link.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { WithIdParam } from '../../components/with-id-param.tsx';
import { paths } from '../../config/routes.ts';
import {
  clientAnnouncementQueryOptions,
  clientAnnouncementsQueryOptions,
  useRefreshReadMarkers,
} from '../../features/announcements/api/announcements.api.ts';
import { AnnouncementTypeChip } from '../../features/announcements/components/announcement-chips.tsx';
import { AnnouncementContent } from '../../features/announcements/components/announcement-content.tsx';
import { ClientAnnouncementList } from '../../features/announcements/components/client-announcement-list.tsx';
import {
  ownClientQueryOptions,
  useUpdateClientDataMutation,
  useUpdateEmailMutation,
  useUpdatePasswordMutation,
} from '../../features/client-account/api/client-account.api.ts';
import { CompanySettingsForm } from '../../features/client-account/components/company-settings-form.tsx';
import { OwnAccountPanel } from '../../features/client-account/components/own-account-panel.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toast-store.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const announcementsBase = `${paths.client}/announcements`;

/** /client/settings: 会社情報 (address and contact person). */
export function CompanySettingsPage() {
  const { t } = useTranslation();
  const client = useQuery(ownClientQueryOptions());
  const update = useUpdateClientDataMutation();
  return (
    <>
      <PageHeader title={t('nav.companySettings')} subtitle={t('companySettings.subtitle')} />
      <QueryState query={client}>
        {(c) => (
          <CompanySettingsForm
            client={c}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              showToast(t('common.saved'), 'success');
            }}
          />
        )}
      </QueryState>
    </>
  );
}

/** /client/account: the signed-in user's profile, e-mail and password. */
export function ClientAccountPage({ session }: { session: Session }) {
  const { t } = useTranslation();
  const updateEmail = useUpdateEmailMutation('client');
  const updatePassword = useUpdatePasswordMutation('client');
  return (
    <>
      <PageHeader title={t('nav.account')} subtitle={t('account.subtitle')} />
      <OwnAccountPanel
        user={session.user}
        onChangeEmail={(body) => updateEmail.mutateAsync(body)}
        onChangePassword={(body) => updatePassword.mutateAsync(body)}
      />
    </>
  );
}

function AnnouncementListPage() {
  const { t } = useTranslation();
  const params = useListParams();
  const isUnreadOnly = params.get('unread') === 'true';
  const query = useQuery(
    clientAnnouncementsQueryOptions({
      page: params.page,
      limit: params.limit,
      unread: isUnreadOnly ? 'true' : undefined,
    }),
  );
  return (
    <>
      <PageHeader title={t('nav.announcements')} subtitle={t('clientAnnouncements.subtitle')} />
      <Tabs
        value={isUnreadOnly ? 'unread' : 'all'}
        onChange={(_, v: string) => params.setFilters({ unread: v === 'unread' ? 'true' : undefined })}
        sx={{ mb: 2 }}
      >
        <Tab value="all" label={t('common.all')} />
        <Tab value="unread" label={t('clientAnnouncements.unreadOnly')} />
      </Tabs>
      <ClientAnnouncementList query={query} params={params} hrefOf={(a) => `${announcementsBase}/${a.id}`} />
    </>
  );
}

function AnnouncementDetailPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const announcement = useQuery(clientAnnouncementQueryOptions(id));
  const refreshReadMarkers = useRefreshReadMarkers();
  const isLoaded = announcement.isSuccess;
  // The server marked it read while answering: the list's marker and the menu badge follow.
  useEffect(() => {
    if (isLoaded) refreshReadMarkers();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per load
  }, [isLoaded, id]);
  return (
    <>
      <BackLink to={announcementsBase} label={t('clientAnnouncements.backToList')} />
      <QueryState query={announcement}>
        {(a) => (
          <Card component="article">
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5 }}>
                <AnnouncementTypeChip type={a.type} />
                <Typography variant="body2" color="text.secondary">
                  {a.publishAt ? formatDateTime(a.publishAt) : ''}
                </Typography>
              </Box>
              <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
                {a.title}
              </Typography>
              <Divider sx={{ mb: 2 }} />
              <AnnouncementContent content={a.content} />
            </CardContent>
          </Card>
        )}
      </QueryState>
    </>
  );
}

/** /client/announcements and /client/announcements/:id (opening one marks it read). */
export function ClientAnnouncementPages() {
  return (
    <Routes>
      <Route index element={<AnnouncementListPage />} />
      <Route
        path=":id"
        element={<WithIdParam render={(id) => <AnnouncementDetailPage key={id} id={id} />} />}
      />
      <Route path="*" element={<NotFoundPage embedded />} />
    </Routes>
  );
}
