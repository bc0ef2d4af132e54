import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { LiffMe } from '@app/contracts';
import { LiffApiError } from '../../components/liff-shell/liff-api.ts';
import { LiffShell, LiffSpinner, LiffStateScreen, useLiff } from '../../components/liff-shell/liff-shell.tsx';
import { useFollowRecheck } from '../../components/liff-shell/use-follow-recheck.ts';
import { RequestsTab } from './requests-tab.tsx';
import { EveryoneTab, MineTab } from './shift-lists.tsx';
import { isServerText, shiftLiffTexts, translateShiftText } from './shift-liff-texts.ts';
import './shift-liff.css';

type View =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'notFollowing' }
  | { kind: 'signup' }
  | { kind: 'pending' }
  | { kind: 'main'; me: LiffMe };
type Tab = 'requests' | 'mine' | 'everyone';
const settledView = (v: View) => v.kind !== 'notFollowing' && v.kind !== 'error';

/** The staff member's screens, decided by the server's answer about them (GET /me). */
function ShiftScreens() {
  const { t, api, info, language } = useLiff();
  const base = `/shift/api/v1/liff/store/${info.storeId}`;
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [tab, setTab] = useState<Tab>('requests');

  const viewOf = useCallback(
    (me: LiffMe): View =>
      !me.staff
        ? { kind: 'signup' }
        : me.staff.status === 'PENDING'
          ? { kind: 'pending' }
          : { kind: 'main', me },
    [],
  );
  const failureView = useCallback(
    (error: unknown): View => {
      if (error instanceof LiffApiError && isServerText(error.message, 'notFollowing'))
        return { kind: 'notFollowing' };
      if (error instanceof LiffApiError && error.status === 0)
        return { kind: 'error', message: t('error.network') };
      if (error instanceof LiffApiError && error.status < 500)
        return { kind: 'error', message: translateShiftText(language, error.message) };
      return { kind: 'error', message: t('error.generic') };
    },
    [language, t],
  );
  const fetchView = useCallback(
    () => api<LiffMe>(`${base}/me`).then(viewOf, failureView),
    [api, base, viewOf, failureView],
  );
  useEffect(() => {
    let isCurrent = true;
    void fetchView().then((v) => isCurrent && setView(v));
    return () => {
      isCurrent = false;
    };
  }, [fetchView]);
  useFollowRecheck(view.kind === 'notFollowing', fetchView, settledView, setView);
  const load = () => {
    setView({ kind: 'loading' });
    void fetchView().then(setView);
  };
  const reloadButton = (
    <button type="button" className="liff-button secondary" onClick={load}>
      {t('reload')}
    </button>
  );

  switch (view.kind) {
    case 'loading':
      return <LiffSpinner label={t('loading')} />;
    case 'error':
      return <LiffStateScreen icon="⚠️" title={view.message} testId="shift-error" action={reloadButton} />;
    case 'notFollowing':
      return (
        <LiffStateScreen
          icon="🤝"
          title={t('notFriend.title')}
          text={t('notFriend.text', { name: info.branding.displayName })}
          testId="shift-not-friend"
          action={
            <>
              {info.branding.friendUrl ? (
                <a className="liff-button" href={info.branding.friendUrl}>
                  {t('notFriend.add')}
                </a>
              ) : null}
              {reloadButton}
            </>
          }
        />
      );
    case 'signup':
      return <SignUp onDone={(me) => setView(viewOf(me))} onFailure={(e) => setView(failureView(e))} />;
    case 'pending':
      return (
        <LiffStateScreen
          icon="📋"
          title={t('pending.title')}
          text={`${translateShiftText(language, 'Staff is not approved.')}${language === 'ja' ? '' : ' '}${t('pending.text')}`}
          testId="shift-pending"
          action={reloadButton}
        />
      );
    case 'main':
      return (
        <>
          <nav className="shift-tabs" role="tablist" aria-label={info.branding.displayName}>
            {(['requests', 'mine', 'everyone'] as const).map((key) => (
              <button
                key={key}
                type="button"
                role="tab"
                aria-selected={tab === key}
                className={tab === key ? 'active' : undefined}
                onClick={() => setTab(key)}
              >
                {t(`tab.${key}`)}
              </button>
            ))}
          </nav>
          <div role="tabpanel">
            {tab === 'requests' ? <RequestsTab base={base} timeZone={view.me.store.timeZone} /> : null}
            {tab === 'mine' ? <MineTab base={base} me={view.me} /> : null}
            {tab === 'everyone' ? <EveryoneTab base={base} me={view.me} /> : null}
          </div>
        </>
      );
  }
}

/** Sign up as staff: PENDING until a manager approves (signing up twice changes nothing). */
function SignUp(props: { onDone: (me: LiffMe) => void; onFailure: (error: unknown) => void }) {
  const { t, api, info, profile, language } = useLiff();
  const [employeeNumber, setEmployeeNumber] = useState('');
  const [sending, setSending] = useState(false);
  const [banner, setBanner] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      props.onDone(
        await api<LiffMe>(`/shift/api/v1/liff/store/${info.storeId}/staff`, {
          method: 'POST',
          body: employeeNumber.trim() ? { employeeNumber: employeeNumber.trim() } : {},
        }),
      );
    } catch (error) {
      if (error instanceof LiffApiError && error.status === 400 && error.fieldErrors.length > 0) {
        setBanner(translateShiftText(language, error.fieldErrors[0]!.message));
      } else props.onFailure(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="liff-card" onSubmit={(e) => void submit(e)} noValidate data-testid="shift-signup">
      <h2>{t('signup.title')}</h2>
      <p className="liff-muted">{t('signup.lead', { name: profile.displayName })}</p>
      {banner ? (
        <div className="liff-banner" role="alert" style={{ marginBottom: 16 }}>
          {banner}
        </div>
      ) : null}
      <div className="liff-field">
        <label htmlFor="employee-number">{t('signup.employeeNumber')}</label>
        <input
          id="employee-number"
          className="liff-input"
          value={employeeNumber}
          maxLength={50}
          autoComplete="off"
          onChange={(e) => setEmployeeNumber(e.target.value)}
        />
      </div>
      <button type="submit" className="liff-button" disabled={sending}>
        {sending ? t('signup.sending') : t('signup.submit')}
      </button>
    </form>
  );
}

/** /liff/shift: the staff shift mini-app in the shared LIFF shell. */
export function ShiftLiffApp() {
  return (
    <LiffShell service="shift" texts={shiftLiffTexts}>
      <ShiftScreens />
    </LiffShell>
  );
}
