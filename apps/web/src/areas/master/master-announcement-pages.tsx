import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Route, Routes, useNavigate } from 'react-router';
import {
  announcementStatuses,
  announcementTypes,
  type AnnouncementStatus,
  type AnnouncementType,
} from '@app/contracts';
import { BackLink } from '../../components/back-link.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { WithIdParam } from '../../components/with-id-param.tsx';
import { paths } from '../../config/routes.ts';
import {
  announcementQueryOptions,
  announcementsQueryOptions,
  useCreateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useUpdateAnnouncementMutation,
} from '../../features/announcements/api/announcements.api.ts';
import { AnnouncementStatusChip } from '../../features/announcements/components/announcement-chips.tsx';
import { AnnouncementEditor } from '../../features/announcements/components/announcement-editor.tsx';
import { AnnouncementTable } from '../../features/announcements/components/announcement-table.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const base = `${paths.master}/announcements`;

const pick = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

function AnnouncementListPage() {
  const { t } = useTranslation();
  const params = useListParams();
  const query = useQuery(
    announcementsQueryOptions({
      page: params.page,
      limit: params.limit,
      search: params.get('search') || undefined,
      status: pick<AnnouncementStatus>(announcementStatuses, params.get('status')),
      type: pick<AnnouncementType>(announcementTypes, params.get('type')),
    }),
  );
  const createButton = (
    <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={`${base}/new`}>
      {t('announcements.new')}
    </Button>
  );
  return (
    <>
      <PageHeader
        title={t('nav.announcements')}
        subtitle={t('announcements.subtitle')}
        actions={createButton}
      />
      <AnnouncementTable
        query={query}
        params={params}
        hrefOf={(a) => `${base}/${a.id}`}
        emptyAction={createButton}
      />
    </>
  );
}

function AnnouncementCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateAnnouncementMutation();
  return (
    <>
      <BackLink to={base} label={t('announcements.backToList')} />
      <PageHeader title={t('announcements.new')} />
      <AnnouncementEditor
        onCancel={() => void navigate(base)}
        onSubmit={async ({ publishAt, archiveAt, ...rest }) => {
          await create.mutateAsync({
            ...rest,
            publishAt: publishAt ?? undefined,
            archiveAt: archiveAt ?? undefined,
          });
          showToast(t('announcements.created'), 'success');
          await navigate(base);
        }}
      />
    </>
  );
}

function AnnouncementEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const announcement = useQuery(announcementQueryOptions(id));
  const update = useUpdateAnnouncementMutation(id);
  const remove = useDeleteAnnouncementMutation();
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <>
      <BackLink to={base} label={t('announcements.backToList')} />
      <QueryState query={announcement}>
        {(a) => (
          <>
            <PageHeader
              title={t('announcements.editTitle')}
              subtitle={<AnnouncementStatusChip status={a.status} />}
              actions={
                <Button color="error" startIcon={<DeleteOutlined />} onClick={() => setIsDeleting(true)}>
                  {t('common.delete')}
                </Button>
              }
            />
            <AnnouncementEditor
              key={a.updatedAt}
              announcement={a}
              onCancel={() => void navigate(base)}
              onSubmit={async (body) => {
                await update.mutateAsync(body);
                showToast(t('common.saved'), 'success');
              }}
            />
            <ConfirmDialog
              open={isDeleting}
              title={t('announcements.deleteTitle')}
              description={t('announcements.deleteBody', { title: a.title })}
              confirmLabel={t('common.delete')}
              isDanger
              isLoading={remove.isPending}
              onClose={() => setIsDeleting(false)}
              onConfirm={() =>
                void remove.mutateAsync(id).then(
                  () => {
                    showToast(t('announcements.deleted'), 'success');
                    return navigate(base);
                  },
                  // The refusal itself is the global toast's to show.
                  () => setIsDeleting(false),
                )
              }
            />
          </>
        )}
      </QueryState>
    </>
  );
}

/** /master/announcements, /new, /:id (edit) */
export function MasterAnnouncementPages() {
  return (
    <Routes>
      <Route index element={<AnnouncementListPage />} />
      <Route path="new" element={<AnnouncementCreatePage />} />
      <Route
        path=":id"
        element={<WithIdParam render={(id) => <AnnouncementEditPage key={id} id={id} />} />}
      />
      <Route path="*" element={<NotFoundPage embedded />} />
    </Routes>
  );
}
