import { lazy, Suspense } from 'react';

/*
 * The mini-apps at the LIFF URLs the services register (serviceCatalogue liffPath), one lazy chunk each,
 * all in the shared shell (components/liff-shell).
 */
const miniApps: Record<string, React.LazyExoticComponent<() => React.JSX.Element>> = {
  '/liff/member': lazy(() =>
    import('../areas/member-liff/member-liff-app.tsx').then((m) => ({ default: m.MemberLiffApp })),
  ),
  '/liff/shift': lazy(() =>
    import('../areas/shift-liff/shift-liff-app.tsx').then((m) => ({ default: m.ShiftLiffApp })),
  ),
  // a 流入経路's landing (decision 0038): records the visit and leads on to add the account
  '/liff/route': lazy(() =>
    import('../areas/route-liff/route-landing-app.tsx').then((m) => ({ default: m.RouteLandingApp })),
  ),
};

// the tap hop of a rich menu's link area (decision 0049 addendum): on any LIFF endpoint, or /liff/tap
const RichMenuTapHop = lazy(() =>
  import('../areas/tap-liff/rich-menu-tap-hop.tsx').then((m) => ({ default: m.RichMenuTapHop })),
);

export function LiffApp({ pathname, search = '' }: { pathname: string; search?: string }) {
  const tapKey = new URLSearchParams(search).get('richMenuTap');
  if (tapKey) {
    return (
      <Suspense fallback={null}>
        <RichMenuTapHop tapKey={tapKey} />
      </Suspense>
    );
  }
  const MiniApp = miniApps[pathname.replace(/\/+$/, '')];
  if (!MiniApp) {
    return (
      <p style={{ padding: 24, fontFamily: 'sans-serif' }} data-testid="liff-unknown">
        このミニアプリは見つかりません。 / This mini-app does not exist.
      </p>
    );
  }
  return (
    <Suspense fallback={null}>
      <MiniApp />
    </Suspense>
  );
}
