import { can, type LineAccount, type RichMenu, type Session } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Route, Routes, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { ForbiddenState } from '../../components/forbidden-state.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { WithIdParam } from '../../components/with-id-param.tsx';
import { paths } from '../../config/routes.ts';
import {
  LineAccountGate,
  useLineAccountSelection,
} from '../../features/line-accounts/components/line-account-gate.tsx';
import {
  richMenuQueryOptions,
  richMenusQueryOptions,
  useCreateRichMenuMutation,
  useCreateTabbedRichMenuMutation,
  tabbedRichMenuQueryOptions,
  useUpdateTabbedRichMenuMutation,
  usePreviewRichMenuImageMutation,
  usePreviewTabbedRichMenuMutation,
  useDeleteRichMenuMutation,
  useSetDefaultRichMenuMutation,
  useUpdateRichMenuMutation,
  richMenuRulesQueryOptions,
  usePutRichMenuRulesMutation,
} from '../../features/rich-menus/api/rich-menus.api.ts';
import { segmentsQueryOptions } from '../../features/deliveries/api/deliveries.api.ts';
import { tagsQueryOptions } from '../../features/friends/api/tags.api.ts';
import { RichMenuRulesPanel } from '../../features/rich-menus/components/rich-menu-rules-panel.tsx';
import { RichMenuEditor } from '../../features/rich-menus/components/rich-menu-editor.tsx';
import { usePostbackChoices } from '../../features/automation/api/automation.api.ts';
import { RichMenuList } from '../../features/rich-menus/components/rich-menu-list.tsx';
import { RichMenuTapMap } from '../../features/rich-menus/components/rich-menu-tap-map.tsx';
import { TabbedRichMenuBuilder } from '../../features/rich-menus/components/tabbed-rich-menu-builder.tsx';
import { showToast } from '../../lib/toast-store.ts';

const base = `${paths.client}/rich-menus`;
const listHref = (lineAccountId: number) => `${base}?lineAccountId=${lineAccountId}`;
const canManageOf = (session: Session) => can(session.role, session.position, 'client.manage');

function RichMenuListPage({
  session,
  account,
  picker,
}: {
  session: Session;
  account: LineAccount;
  picker: ReactNode;
}) {
  const { t } = useTranslation();
  const menus = useQuery(richMenusQueryOptions(account.id));
  const setDefault = useSetDefaultRichMenuMutation(account.id);
  const remove = useDeleteRichMenuMutation(account.id);
  const canManage = canManageOf(session);
  const createButton = canManage ? (
    <>
      <Button variant="outlined" component={RouterLink} to={`${base}/tabbed/new?lineAccountId=${account.id}`}>
        {t('richMenus.tabbed.createButton')}
      </Button>
      <Button
        variant="contained"
        startIcon={<AddOutlined />}
        component={RouterLink}
        to={`${base}/new?lineAccountId=${account.id}`}
      >
        {t('richMenus.create')}
      </Button>
    </>
  ) : undefined;
  return (
    <>
      <PageHeader
        title={t('nav.richMenus')}
        subtitle={t('richMenus.subtitle', { name: account.displayName })}
        actions={
          <>
            {picker}
            {createButton}
          </>
        }
      />
      <RichMenuList
        query={menus}
        canManage={canManage}
        hrefOf={(menu) =>
          menu.tab && canManage
            ? `${base}/tabbed/${menu.tab.groupId}?lineAccountId=${account.id}`
            : `${base}/${menu.id}?lineAccountId=${account.id}`
        }
        createAction={createButton}
        onSetDefault={async (menu) => {
          await setDefault.mutateAsync(menu.id);
          showToast(t('richMenus.defaultSet', { name: menu.name }), 'success');
        }}
        onDelete={async (menu) => {
          await remove.mutateAsync(menu.id);
          showToast(t('richMenus.delete.done', { name: menu.name }), 'success');
        }}
      />
      <RichMenuRules session={session} account={account} menus={menus.data?.data ?? []} />
    </>
  );
}

/** 表示ルール under the list: which friends see which menu (decision 0059). */
function RichMenuRules({
  session,
  account,
  menus,
}: {
  session: Session;
  account: LineAccount;
  menus: RichMenu[];
}) {
  const { t } = useTranslation();
  const rules = useQuery({
    ...richMenuRulesQueryOptions(account.id),
    // while friends are still being linked at LINE, the figures move: look again
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? 3_000 : false),
  });
  const tags = useQuery(tagsQueryOptions(account.id));
  const segments = useQuery(segmentsQueryOptions(account.id));
  const save = usePutRichMenuRulesMutation(account.id);
  if (!rules.data || menus.length === 0) return null;
  return (
    <RichMenuRulesPanel
      key={rules.data.data.map((r) => r.id).join(',')}
      rules={rules.data}
      menus={menus}
      tags={(tags.data?.tags ?? []).map((tag) => ({ id: tag.id, name: tag.name }))}
      segments={(segments.data?.data ?? []).map((s) => ({ id: s.id, name: s.name }))}
      canManage={canManageOf(session)}
      onSave={async (body) => {
        await save.mutateAsync(body);
        showToast(t('richMenus.rules.saved'), 'success');
        // the save's mark-all runs as a job: the pending figure shows once it has run
        setTimeout(() => void rules.refetch(), 1_500);
      }}
    />
  );
}

function RichMenuCreatePage({ session, account }: { session: Session; account: LineAccount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRichMenuMutation(account.id);
  const preview = usePreviewRichMenuImageMutation(account.id);
  const postbackChoices = usePostbackChoices(account.id);
  if (!canManageOf(session)) return <ForbiddenState />;
  return (
    <>
      <BackLink to={listHref(account.id)} label={t('richMenus.backToList')} />
      <PageHeader title={t('richMenus.newTitle')} subtitle={account.displayName} />
      <RichMenuEditor
        accountName={account.displayName}
        previewImage={preview.mutateAsync}
        postbackChoices={postbackChoices}
        canEdit
        onCancel={() => void navigate(listHref(account.id))}
        onSubmit={async (body) => {
          const menu = await create.mutateAsync(body);
          showToast(t('richMenus.created', { name: menu.name }), 'success');
          await navigate(listHref(account.id));
        }}
      />
    </>
  );
}

function TabbedRichMenuCreatePage({ session, account }: { session: Session; account: LineAccount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateTabbedRichMenuMutation(account.id);
  const preview = usePreviewTabbedRichMenuMutation(account.id);
  if (!canManageOf(session)) return <ForbiddenState />;
  return (
    <>
      <BackLink to={listHref(account.id)} label={t('richMenus.backToList')} />
      <PageHeader title={t('richMenus.tabbed.title')} subtitle={account.displayName} />
      <TabbedRichMenuBuilder
        accountName={account.displayName}
        onPreview={(body) => preview.mutateAsync(body)}
        onCancel={() => void navigate(listHref(account.id))}
        onSubmit={async (body) => {
          const made = await create.mutateAsync(body);
          showToast(t('richMenus.tabbed.created', { count: made.data.length }), 'success');
          await navigate(listHref(account.id));
        }}
      />
    </>
  );
}

/** /client/rich-menus/tabbed/:groupId: the tabbed menu edited as a whole in the builder. */
function TabbedRichMenuEditPage({ session, account }: { session: Session; account: LineAccount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groupId = useParams().groupId ?? '';
  const tabbed = useQuery(tabbedRichMenuQueryOptions(account.id, groupId));
  const update = useUpdateTabbedRichMenuMutation(account.id, groupId);
  const preview = usePreviewTabbedRichMenuMutation(account.id);
  if (!canManageOf(session)) return <ForbiddenState />;
  return (
    <>
      <BackLink to={listHref(account.id)} label={t('richMenus.backToList')} />
      <QueryState query={tabbed}>
        {(menu) => (
          <>
            <PageHeader
              title={t('richMenus.tabbed.editTitle')}
              subtitle={menu.tabConfig.map((tab) => tab.label).join(' / ')}
            />
            <TabbedRichMenuBuilder
              key={menu.data[0]?.updatedAt}
              accountName={account.displayName}
              initial={{
                width: menu.data[0]?.size.width ?? 2500,
                height: menu.data[0]?.size.height ?? 1686,
                tabConfig: menu.tabConfig.map(({ imageUrl: _imageUrl, ...tab }) => tab),
              }}
              submitLabel={t('common.save')}
              onPreview={(body) => preview.mutateAsync(body)}
              onCancel={() => void navigate(listHref(account.id))}
              onSubmit={async (body) => {
                await update.mutateAsync(body);
                showToast(t('common.saved'), 'success');
                await navigate(listHref(account.id));
              }}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

function RichMenuEditPage({ id, session, account }: { id: number; session: Session; account: LineAccount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useQuery(richMenuQueryOptions(account.id, id));
  const postbackChoices = usePostbackChoices(account.id);
  const update = useUpdateRichMenuMutation(account.id, id);
  const preview = usePreviewRichMenuImageMutation(account.id);
  return (
    <>
      <BackLink to={listHref(account.id)} label={t('richMenus.backToList')} />
      <QueryState query={menu}>
        {(m) => (
          <>
            <PageHeader title={m.name} subtitle={account.displayName} />
            <RichMenuEditor
              key={m.updatedAt}
              menu={m}
              previewImage={preview.mutateAsync}
              postbackChoices={postbackChoices}
              accountName={account.displayName}
              // A tab's menu is changed through its tabbed menu (the server refuses a PUT on it).
              canEdit={canManageOf(session) && m.tab === null}
              onCancel={() => void navigate(listHref(account.id))}
              onSubmit={async (body) => {
                await update.mutateAsync(body);
                showToast(t('common.saved'), 'success');
                await navigate(listHref(account.id));
              }}
            />
            {/* taps are counted on every menu, a tab's menu too (decision 0049 and its addendum) */}
            <RichMenuTapMap lineAccountId={account.id} menu={m} />
          </>
        )}
      </QueryState>
    </>
  );
}

/** /client/rich-menus?lineAccountId=N: list (default marked), editor for a new menu (/new) and one menu (/:id). */
export function ClientRichMenuPages({ session }: { session: Session }) {
  const selection = useLineAccountSelection();
  return (
    <LineAccountGate selection={selection}>
      {(account) => (
        <Routes>
          <Route
            index
            element={<RichMenuListPage session={session} account={account} picker={selection.picker} />}
          />
          <Route path="new" element={<RichMenuCreatePage session={session} account={account} />} />
          <Route
            path="tabbed/new"
            element={<TabbedRichMenuCreatePage session={session} account={account} />}
          />
          <Route
            path="tabbed/:groupId"
            element={<TabbedRichMenuEditPage session={session} account={account} />}
          />
          <Route
            path=":id"
            element={
              <WithIdParam
                render={(id) => <RichMenuEditPage id={id} session={session} account={account} />}
              />
            }
          />
          <Route path="*" element={<NotFoundPage embedded />} />
        </Routes>
      )}
    </LineAccountGate>
  );
}
