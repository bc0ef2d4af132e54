import liff from '@line/liff/core';
import GetIDToken from '@line/liff/get-id-token';
import IsLoggedIn from '@line/liff/is-logged-in';
import Login from '@line/liff/login';
import { useEffect, useState } from 'react';
import { liffFetch } from '../../components/liff-shell/liff-api.ts';
import { readSimulatorLogin } from '../../components/liff-shell/liff-boot.ts';
import { liffLanguage } from '../../components/liff-shell/liff-texts.ts';

/*
 * A route's landing (流入経路, decision 0038): `/liff/route?r=<slug>`, the URL of a poster's QR code. It
 * asks LINE who opens it (the account's LIFF; the simulator's login in simulator mode), records the
 * visit, and sends the visitor on to add the account as a friend. An account without a LIFF identifies
 * the visitor through LINE Login instead: the page hands over to our login URL, which goes to LINE and
 * back, records the visit and goes on to the add-friend screen, or back here with `visited=friend` (a
 * friend already), `visited=1` (nowhere to add) or `login=failed` (LINE Login refused: it offers to try
 * again). It shows nothing but the account's name.
 */
type Landing = {
  accountName: string;
  addFriendUrl: string | null;
  liffId: string | null;
  loginUrl: string | null;
  lineMode: 'line' | 'simulator';
};
type Visit = { addFriendUrl: string | null; isFriend: boolean };
type State =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'failed' }
  | { kind: 'loginFailed'; landing: Landing }
  | { kind: 'done'; landing: Landing; visit: Visit; addUrl: string | null };

const texts = {
  ja: {
    loading: 'LINEで確認しています…',
    notFound: 'このURLは現在ご利用いただけません。',
    failed: '通信できませんでした。時間をおいてもう一度お試しください。',
    add: '友だち追加する',
    already: 'すでに友だちです。ありがとうございます！',
    moving: '友だち追加の画面を開いています…',
    thanks: 'アクセスありがとうございます。',
    loginFailed: 'LINEでの確認ができませんでした。もう一度お試しください。',
    retry: 'もう一度試す',
  },
  en: {
    loading: 'Checking with LINE…',
    notFound: 'This URL is not available.',
    failed: 'Could not connect. Please try again later.',
    add: 'Add as a friend',
    already: 'You are already a friend. Thank you!',
    moving: 'Opening the add-friend screen…',
    thanks: 'Thank you for visiting.',
    loginFailed: 'LINE could not confirm who you are. Please try again.',
    retry: 'Try again',
  },
};

/** The visitor's LIFF ID token, or undefined (no LIFF on the account, or LINE did not answer). */
async function idTokenOf(landing: Landing, params: URLSearchParams): Promise<string | undefined> {
  if (!landing.liffId) return undefined;
  if (landing.lineMode === 'simulator') return readSimulatorLogin(params.get('lineSim'))?.idToken;
  liff.use(new IsLoggedIn());
  liff.use(new Login());
  liff.use(new GetIDToken());
  try {
    await liff.init({ liffId: landing.liffId });
  } catch {
    return undefined;
  }
  if (!liff.isLoggedIn()) {
    liff.login({ redirectUri: window.location.href });
    return new Promise<never>(() => {}); // LINE takes the page to its login and back
  }
  return liff.getIDToken() ?? undefined;
}

export function RouteLandingApp() {
  const t = texts[liffLanguage()];
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const slug = params.get('r') ?? '';
    const path = `/liff/api/v1/inflow/${encodeURIComponent(slug)}`;
    void (async () => {
      try {
        const landing = await liffFetch<Landing>(path);
        // back from LINE Login refused (a stale link, a code LINE refused): nothing was recorded
        if (params.get('login') === 'failed') {
          setState({ kind: 'loginFailed', landing });
          return;
        }
        // back from LINE Login: the visit is recorded already
        const visited = params.get('visited');
        if (visited) {
          const isFriend = visited === 'friend';
          setState({ kind: 'done', landing, visit: { addFriendUrl: null, isFriend }, addUrl: null });
          return;
        }
        // no LIFF: LINE Login through our server (it records the visit and goes on to add the account)
        if (!landing.liffId && landing.loginUrl) {
          window.location.assign(landing.loginUrl);
          return;
        }
        const idToken = await idTokenOf(landing, params).catch(() => undefined);
        let visit: Visit;
        try {
          visit = await liffFetch<Visit>(`${path}/visit`, {
            method: 'POST',
            body: idToken ? { idToken } : {},
          });
        } catch {
          // a token LINE refused: the visit is recorded without the user
          visit = await liffFetch<Visit>(`${path}/visit`, { method: 'POST', body: {} });
        }
        // the simulator's add-friend screen is told which simulated user opens it
        const simUser = landing.lineMode === 'simulator' ? readSimulatorLogin(params.get('lineSim')) : null;
        const addUrl =
          visit.addFriendUrl && simUser
            ? `${visit.addFriendUrl}?userId=${encodeURIComponent(simUser.profile.userId)}`
            : visit.addFriendUrl;
        setState({ kind: 'done', landing, visit, addUrl });
        if (!visit.isFriend && addUrl) window.location.assign(addUrl);
      } catch (error) {
        setState({ kind: (error as { status?: number }).status === 404 ? 'notFound' : 'failed' });
      }
    })();
  }, []);

  const box = { padding: 24, fontFamily: 'sans-serif', textAlign: 'center' as const, lineHeight: 1.6 };
  const button = (href: string, label: string) => (
    <a
      href={href}
      style={{
        display: 'inline-block',
        padding: '12px 24px',
        background: '#06c755',
        color: '#fff',
        borderRadius: 8,
        textDecoration: 'none',
        fontWeight: 700,
      }}
    >
      {label}
    </a>
  );
  if (state.kind === 'loading') return <p style={box}>{t.loading}</p>;
  if (state.kind === 'notFound')
    return (
      <p style={box} data-testid="route-not-found">
        {t.notFound}
      </p>
    );
  if (state.kind === 'failed') return <p style={box}>{t.failed}</p>;
  if (state.kind === 'loginFailed')
    return (
      <main style={box} data-testid="route-login-failed">
        <h1 style={{ fontSize: 20 }}>{state.landing.accountName}</h1>
        <p>{t.loginFailed}</p>
        {state.landing.loginUrl && button(state.landing.loginUrl, t.retry)}
      </main>
    );
  return (
    <main style={box} data-testid="route-landing">
      <h1 style={{ fontSize: 20 }}>{state.landing.accountName}</h1>
      {state.visit.isFriend ? (
        <p>{t.already}</p>
      ) : state.addUrl ? (
        <>
          <p>{t.moving}</p>
          {button(state.addUrl, t.add)}
        </>
      ) : (
        // nowhere to add the account from here (no add-friend URL): a plain thank-you, no false promise
        <p>{t.thanks}</p>
      )}
    </main>
  );
}
