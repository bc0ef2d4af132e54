import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { bootLiff, LiffBootError, type LiffSession, type MiniAppService } from './liff-boot.ts';
import { liffFetch } from './liff-api.ts';
import { liffLanguage, makeT, shellTexts, type Catalogue, type LiffLanguage } from './liff-texts.ts';
import './liff-shell.css';

export type LiffContextValue = LiffSession & {
  language: LiffLanguage;
  /** The mini-app's texts merged over the shell's. */
  t: (key: string, values?: Record<string, string | number>) => string;
  /** A call of the mini-app's API with the ID token. */
  api: <T>(path: string, options?: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown }) => Promise<T>;
};

const LiffContext = createContext<LiffContextValue | null>(null);

/** A mini-app's screens with a given session and texts, without starting LIFF (component tests). */
export function LiffSessionProvider(props: {
  session: LiffSession;
  texts: Catalogue;
  language?: LiffLanguage;
  children: ReactNode;
}) {
  const language = props.language ?? 'ja';
  const value = useMemo<LiffContextValue>(
    () => ({
      ...props.session,
      language,
      t: makeT({ ...shellTexts[language], ...props.texts }),
      api: (path, options = {}) => liffFetch(path, { ...options, idToken: props.session.idToken }),
    }),
    [props.session, props.texts, language],
  );
  return <LiffContext.Provider value={value}>{props.children}</LiffContext.Provider>;
}

export function useLiff(): LiffContextValue {
  const value = useContext(LiffContext);
  if (!value) throw new Error('useLiff outside <LiffShell>');
  return value;
}

/** Black or white text, whichever reads better on the account's colour. */
function contrastOn(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#fff';
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x!, 16) / 255);
  const lum = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return lum > 0.6 ? '#1f2328' : '#fff';
}

export function LiffSpinner({ label }: { label: string }) {
  return (
    <div className="liff-state" role="status" aria-live="polite">
      <div className="liff-spinner" />
      <div className="liff-muted">{label}</div>
    </div>
  );
}

/** A whole-screen state: an icon, a title, a text and an optional action. */
export function LiffStateScreen(props: {
  icon: string;
  title: string;
  text?: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="liff-card liff-state" data-testid={props.testId}>
      <div className="icon" aria-hidden>
        {props.icon}
      </div>
      <h2>{props.title}</h2>
      {props.text ? <p className="liff-muted">{props.text}</p> : null}
      {props.action}
    </div>
  );
}

/**
 * The shell every mini-app runs in (member now, shift next): it starts LIFF (liff-boot.ts), applies the
 * account's branding (its LINE display name, logo, mainColor), lays the page out at phone size and hands the session,
 * the texts and an ID-token API call to the mini-app through useLiff().
 */
export function LiffShell(props: {
  service: MiniAppService;
  texts: Record<LiffLanguage, Catalogue>;
  children: ReactNode;
}) {
  const language = liffLanguage();
  const t = useMemo(
    () => makeT({ ...shellTexts[language], ...props.texts[language] }),
    [language, props.texts],
  );
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'ready'; session: LiffSession } | { kind: 'failed'; reason: string }
  >({ kind: 'loading' });
  const boot = useCallback(() => {
    bootLiff(props.service).then(
      (session) => setState({ kind: 'ready', session }),
      (error: unknown) => {
        // What went wrong stays in the console for whoever debugs the page inside LINE.
        console.warn('The mini-app could not start', error);
        setState({ kind: 'failed', reason: error instanceof LiffBootError ? error.reason : 'LIFF_FAILED' });
      },
    );
  }, [props.service]);
  useEffect(boot, [boot]);
  const start = () => {
    setState({ kind: 'loading' });
    boot();
  };

  const session = state.kind === 'ready' ? state.session : null;
  const branding = session?.info.branding;
  useEffect(() => {
    document.documentElement.lang = language;
    if (!branding) return;
    const root = document.documentElement.style;
    root.setProperty('--brand', branding.mainColor);
    root.setProperty('--brand-contrast', contrastOn(branding.mainColor));
    document.title = branding.displayName;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', branding.mainColor);
  }, [branding, language]);

  const value = useMemo<LiffContextValue | null>(
    () =>
      session
        ? {
            ...session,
            language,
            t,
            api: (path, options = {}) => liffFetch(path, { ...options, idToken: session.idToken }),
          }
        : null,
    [session, language, t],
  );

  return (
    <div className="liff-app">
      <header className="liff-header">
        {branding?.logoUrl || branding?.pictureUrl ? (
          <img src={branding.logoUrl ?? branding.pictureUrl ?? ''} alt="" />
        ) : null}
        <h1>{branding ? branding.displayName : '\u00a0'}</h1>
      </header>
      <main className="liff-main">
        {state.kind === 'loading' ? <LiffSpinner label={t('loading')} /> : null}
        {state.kind === 'failed' ? (
          <LiffStateScreen
            icon="⚠️"
            title={t(`boot.${state.reason}`)}
            testId={`liff-boot-${state.reason}`}
            action={
              <button type="button" className="liff-button secondary" onClick={start}>
                {t('retry')}
              </button>
            }
          />
        ) : null}
        {value ? <LiffContext.Provider value={value}>{props.children}</LiffContext.Provider> : null}
      </main>
    </div>
  );
}
