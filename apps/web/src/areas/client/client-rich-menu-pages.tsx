import { can, type LineAccount, type Session } from '@app/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { ForbiddenState } from '../../components/forbidden-state.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useQueryFailure } from '../../components/query-failure.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusState } from '../../components/status-state.tsx';
import { WithIdParam } from '../../components/with-id-param.tsx';
import { paths } from '../../config/routes.ts';
import { useLineAccountIdParam } from '../../features/branding/api/use-branding.ts';
import { lineAccountsQueryOptions } from '../../features/line-accounts/api/line-accounts.api.ts';
import { LineAccountPicker } from '../../features/line-accounts/components/line-account-picker.tsx';
import {
  richMenuQueryOptions,
  richMenusQueryOptions,
  useCreateRichMenuMutation,
  useCreateTabbedRichMenuMutation,
  usePreviewTabbedRichMenuMutation,
  useDeleteRichMenuMutation,
  useSetDefaultRichMenuMutation,
  useUpdateRichMenuMutation,
} from '../../features/rich-menus/api/rich-menus.api.ts';
import { RichMenuEditor } from '../../features/rich-menus/components/rich-menu-editor.tsx';
import { RichMenuList } from '../../features/rich-menus/components/rich-menu-list.tsx';
import { TabbedRichMenuBuilder } from '../../features/rich-menus/components/tabbed-rich-menu-builder.tsx';
import { showToast } from '../../lib/toast-store.ts';

const base = `${paths.client}/rich-menus`;
const listHref = (lineAccountId: number) => `${base}?lineAccountId=${lineAccountId}`;
const canManageOf = (session: Session) => can(session.role, session.position, 'client.manage');

/** The account named by ?lineAccountId (the first active one when none is): the rich menus are per account. */
function WithAccount({ children }: { children: (account: LineAccount) => React.ReactNode }) {
  const { t } = useTranslation();
  const accounts = useQuery(lineAccountsQueryOptions());
  const failure = useQueryFailure(accounts);
  const lineAccountId = useLineAccountIdParam();
  const [, setSearchParams] = useSearchParams();
  const list = accounts.data?.data ?? [];
  const selected = list.find((a) => a.id === lineAccountId);
  const fallback = list.find((a) => a.status === 'ACTIVE') ?? list[0];
  useEffect(() => {
    if (!selected && fallback) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('lineAccountId', String(fallback.id));
          return next;
        },
        { replace: true },
      );
    }
  }, [selected, fallback, setSearchParams]);
  if (accounts.isPending) return <PageLoader />;
  if (accounts.isError) return <Card>{failure}</Card>;
  if (list.length === 0) {
    return (
      <Card>
        <StatusState
          icon={<ChatOutlined />}
          title={t('friends.noAccount.title')}
          description={t('friends.noAccount.description')}
          action={
            <Button variant="contained" component={RouterLink} to={`${paths.client}/line-accounts`}>
              {t('nav.lineAccounts')}
            </Button>
          }
        />
      </Card>
    );
  }
  return selected ? children(selected) : <PageLoader />;
}

function RichMenuListPage({ session, account }: { session: Session; account: LineAccount }) {
  const { t } = useTranslation();
  const accounts = useQuery(lineAccountsQueryOptions());
  const [, setSearchParams] = useSearchParams();
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
  const list = accounts.data?.data ?? [];
  return (
    <>
      <PageHeader
        title={t('nav.richMenus')}
        subtitle={t('richMenus.subtitle', { name: account.displayName })}
        actions={
          <>
            {list.length > 1 && (
              <LineAccountPicker
                accounts={list}
                value={account.id}
                onChange={(id) => setSearchParams({ lineAccountId: String(id) })}
              />
            )}
            {createButton}
          </>
        }
      />
      <RichMenuList
        query={menus}
        canManage={canManage}
        hrefOf={(menu) => `${base}/${menu.id}?lineAccountId=${account.id}`}
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
    </>
  );
}

function RichMenuCreatePage({ session, account }: { session: Session; account: LineAccount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRichMenuMutation(account.id);
  if (!canManageOf(session)) return <ForbiddenState />;
  return (
    <>
      <BackLink to={listHref(account.id)} label={t('richMenus.backToList')} />
      <PageHeader title={t('richMenus.newTitle')} subtitle={account.displayName} />
      <RichMenuEditor
        accountName={account.displayName}
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

function RichMenuEditPage({ id, session, account }: { id: number; session: Session; account: LineAccount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useQuery(richMenuQueryOptions(account.id, id));
  const update = useUpdateRichMenuMutation(account.id, id);
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
          </>
        )}
      </QueryState>
    </>
  );
}

/** /client/rich-menus?lineAccountId=N: list (default marked), editor for a new menu (/new) and one menu (/:id). */
export function ClientRichMenuPages({ session }: { session: Session }) {
  return (
    <WithAccount>
      {(account) => (
        <Routes>
          <Route index element={<RichMenuListPage session={session} account={account} />} />
          <Route path="new" element={<RichMenuCreatePage session={session} account={account} />} />
          <Route
            path="tabbed/new"
            element={<TabbedRichMenuCreatePage session={session} account={account} />}
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
    </WithAccount>
  );
}
