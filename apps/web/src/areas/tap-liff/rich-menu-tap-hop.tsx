import liff from '@line/liff/core';
import GetIDToken from '@line/liff/get-id-token';
import IsInClient from '@line/liff/is-in-client';
import IsLoggedIn from '@line/liff/is-logged-in';
import { useEffect, useRef, useState } from 'react';
import { liffFetch } from '../../components/liff-shell/liff-api.ts';
import { readSimulatorLogin } from '../../components/liff-shell/liff-boot.ts';
import { liffLanguage } from '../../components/liff-shell/liff-texts.ts';

/*
 * The tap hop of a rich menu's link area (decision 0049 addendum): LINE opens the account's LIFF URL with
 * `?richMenuTap=<key>` (or our `/liff/tap?richMenuTap=<key>` when the account has no LIFF). The page asks
 * LINE who tapped (only inside LINE: outside it nobody is asked to log in), records the tap and goes on to
 * the owner's URL at once. It shows nothing of its own but a line while it works.
 */
type Start = { liffId: string | null; lineMode: 'line' | 'simulator' };

const texts = {
  ja: {
    moving: 'ページを開いています…',
    notFound: 'このリンクは現在ご利用いただけません。',
    failed: '通信できませんでした。時間をおいてもう一度お試しください。',
  },
  en: {
    moving: 'Opening the page…',
    notFound: 'This link is not available.',
    failed: 'Could not connect. Please try again later.',
  },
};

/** Who tapped: the LIFF ID token inside LINE (the simulator's login in simulator mode), else undefined. */
async function idTokenOf(start: Start, params: URLSearchParams): Promise<string | undefined> {
  if (!start.liffId) return undefined;
  if (start.lineMode === 'simulator') return readSimulatorLogin(params.get('lineSim'))?.idToken;
  liff.use(new IsInClient());
  liff.use(new IsLoggedIn());
  liff.use(new GetIDToken());
  try {
    await liff.init({ liffId: start.liffId });
  } catch {
    return undefined;
  }
  if (!liff.isInClient() || !liff.isLoggedIn()) return undefined;
  return liff.getIDToken() ?? undefined;
}

export function RichMenuTapHop({ tapKey }: { tapKey: string }) {
  const t = texts[liffLanguage()];
  const [state, setState] = useState<'moving' | 'notFound' | 'failed'>('moving');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // one tap per opening (StrictMode runs effects twice in development)
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const path = `/liff/api/v1/rich-menu-tap/${encodeURIComponent(tapKey)}`;
    void (async () => {
      try {
        const start = await liffFetch<Start>(path);
        const idToken = await idTokenOf(start, params).catch(() => undefined);
        const led = await liffFetch<{ url: string }>(path, {
          method: 'POST',
          body: idToken ? { idToken } : {},
        });
        window.location.replace(led.url);
      } catch (error) {
        setState((error as { status?: number }).status === 404 ? 'notFound' : 'failed');
      }
    })();
  }, [tapKey]);
  const box = { padding: 24, fontFamily: 'sans-serif', textAlign: 'center' as const, lineHeight: 1.6 };
  return (
    <p style={box} data-testid={`tap-hop-${state}`}>
      {t[state]}
    </p>
  );
}
