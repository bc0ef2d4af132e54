import { can, type Session } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import type { NavItem } from '../config/navigation.tsx';
import { ComingSoon } from './coming-soon.tsx';
import { ForbiddenState } from './forbidden-state.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * The pages of an area: its dashboard, one page per navigation entry (a placeholder until the screen
 * is built; replace the element here when it is) and a 404. Pages the permission table forbids say so.
 */
export function AreaRoutes({
  navItems,
  session,
  home,
  pages = {},
}: {
  navItems: NavItem[];
  session: Session;
  home: ReactNode;
  pages?: Record<string, ReactNode>;
}) {
  const { t } = useTranslation();
  return (
    <Routes>
      <Route index element={home} />
      {navItems
        .filter((item) => item.path !== '')
        .map((item) => (
          <Route
            key={item.path}
            path={`${item.path}/*`}
            element={
              can(session.role, session.position, item.permission) ? (
                (pages[item.path] ?? <ComingSoon title={t(item.labelKey)} />)
              ) : (
                <ForbiddenState />
              )
            }
          />
        ))}
      <Route path="*" element={<NotFoundPage embedded />} />
    </Routes>
  );
}
