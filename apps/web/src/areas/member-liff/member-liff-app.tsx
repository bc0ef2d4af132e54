import { useCallback, useEffect, useState } from 'react';
import type {
  LiffMember,
  LiffMemberState,
  LiffNotFollowing,
  MemberAttribute,
  MemberSettings,
} from '@app/contracts';
import { LiffApiError } from '../../components/liff-shell/liff-api.ts';
import { LiffShell, LiffSpinner, LiffStateScreen, useLiff } from '../../components/liff-shell/liff-shell.tsx';
import { useFollowRecheck } from '../../components/liff-shell/use-follow-recheck.ts';
import { MemberCard } from './member-card.tsx';
import { memberLiffTexts, translateServerText } from './member-liff-texts.ts';
import { RegistrationForm } from './registration-form.tsx';

type FormAttribute = Omit<MemberAttribute, 'valueCount'>;
type View =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'notFollowing' }
  | { kind: 'inactive'; message: string }
  | { kind: 'form'; mode: 'register' | 'update' | 'incomplete'; member: LiffMember | null; banner?: string }
  | { kind: 'card'; member: LiffMember };
type Loaded = { view: View; settings: MemberSettings | null; attributes: FormAttribute[] };
/** The caller check's 422 for a LINE user who does not follow the account (any mini-app call). */
const isNotFollowing = (error: unknown) =>
  error instanceof LiffApiError &&
  error.status === 422 &&
  (error.body as Partial<LiffNotFollowing> | undefined)?.reason === 'NOT_FOLLOWING';
const settledAnswer = (loaded: Loaded) => loaded.view.kind !== 'notFollowing' && loaded.view.kind !== 'error';

/** The member mini-app: what the store's customer sees, decided by the server's answer about them. */
function MemberScreens() {
  const { t, api, info, language } = useLiff();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [settings, setSettings] = useState<MemberSettings | null>(null);
  const [attributes, setAttributes] = useState<FormAttribute[]>([]);
  const base = `/member-liff/api/v1/store/${info.storeId}`;

  /** What to show, from the server's answers (no state is set here: the callers do). */
  const fetchView = useCallback(async (): Promise<Loaded> => {
    try {
      const [s, a] = await Promise.all([
        api<MemberSettings>(base),
        api<FormAttribute[]>(`${base}/attributes`),
      ]);
      const loaded = (view: View): Loaded => ({ view, settings: s, attributes: a });
      // the member-state call answers 200 when there is no card to show (not a member yet is no failure)
      const state = await api<LiffMemberState>(`${base}/member-state`);
      if (state.member) return loaded({ kind: 'card', member: state.member });
      const failure = state.problem;
      if (!failure) throw new Error('The member state has neither a member nor a problem');
      const member: LiffMember | null =
        failure.id !== null
          ? {
              id: failure.id,
              status: failure.status ?? 'ACTIVE',
              memberCode: failure.memberCode ?? '',
              attributes: failure.attributes,
            }
          : null;
      switch (failure.reason) {
        case 'NOT_FOLLOWING':
          return loaded({ kind: 'notFollowing' });
        case 'NOT_REGISTERED':
          return loaded({ kind: 'inactive', message: translateServerText(language, failure.message) });
        case 'REQUIRED_ATTRIBUTES':
          return loaded({
            kind: 'form',
            mode: 'incomplete',
            member,
            banner: translateServerText(language, failure.message),
          });
        default:
          if (!s.requireRegistration) {
            // Nothing to fill in first: the card is issued at once.
            return loaded({
              kind: 'card',
              member: await api<LiffMember>(`${base}/members/`, { method: 'POST', body: [] }),
            });
          }
          return loaded({ kind: 'form', mode: 'register', member: null });
      }
    } catch (error) {
      // Every call answers it alike (the mini-apps' caller check): the first to fail says it.
      if (isNotFollowing(error)) return { settings: null, attributes: [], view: { kind: 'notFollowing' } };
      return {
        settings: null,
        attributes: [],
        view: {
          kind: 'error',
          message:
            error instanceof LiffApiError && error.status === 0 ? t('error.network') : t('error.generic'),
        },
      };
    }
  }, [api, base, language, t]);
  const show = useCallback((loaded: Loaded) => {
    setSettings((previous) => loaded.settings ?? previous);
    setAttributes((previous) => (loaded.settings ? loaded.attributes : previous));
    setView(loaded.view);
  }, []);
  useEffect(() => {
    let isCurrent = true;
    void fetchView().then((loaded) => isCurrent && show(loaded));
    return () => {
      isCurrent = false;
    };
  }, [fetchView, show]);
  useFollowRecheck(view.kind === 'notFollowing', fetchView, settledAnswer, show);
  const load = () => {
    setView({ kind: 'loading' });
    void fetchView().then(show);
  };

  switch (view.kind) {
    case 'loading':
      return <LiffSpinner label={t('loading')} />;
    case 'error':
      return (
        <LiffStateScreen
          icon="⚠️"
          title={view.message}
          testId="member-error"
          action={
            <button type="button" className="liff-button secondary" onClick={load}>
              {t('retry')}
            </button>
          }
        />
      );
    case 'notFollowing':
      return (
        <LiffStateScreen
          icon="🤝"
          title={t('notFriend.title')}
          text={t('notFriend.text', { name: info.branding.displayName })}
          testId="member-not-friend"
          action={
            <>
              {info.branding.friendUrl ? (
                <a className="liff-button" href={info.branding.friendUrl}>
                  {t('notFriend.add')}
                </a>
              ) : null}
              <button type="button" className="liff-button secondary" onClick={load}>
                {t('notFriend.reload')}
              </button>
            </>
          }
        />
      );
    case 'inactive':
      return (
        <LiffStateScreen
          icon="🔒"
          title={t('inactive.title')}
          text={`${view.message} ${t('inactive.text')}`}
          testId="member-inactive"
        />
      );
    case 'form':
      return (
        <RegistrationForm
          attributes={attributes}
          values={view.member?.attributes ?? []}
          mode={view.mode}
          banner={view.banner}
          onDone={(member) => setView({ kind: 'card', member })}
          onCancel={
            view.mode === 'update' && view.member
              ? () => setView({ kind: 'card', member: view.member! })
              : undefined
          }
        />
      );
    case 'card':
      return settings?.isShowMemberCard === false ? (
        <>
          <LiffStateScreen
            icon="✅"
            title={t('registered.title')}
            text={t('registered.text')}
            testId="member-registered"
          />
          <button
            type="button"
            className="liff-button secondary"
            onClick={() => setView({ kind: 'form', mode: 'update', member: view.member })}
          >
            {t('card.edit')}
          </button>
        </>
      ) : (
        <MemberCard
          member={view.member}
          settings={settings!}
          onEdit={() => setView({ kind: 'form', mode: 'update', member: view.member })}
        />
      );
  }
}

/** /liff/member: the member mini-app in the shared LIFF shell. */
export function MemberLiffApp() {
  return (
    <LiffShell service="member" texts={memberLiffTexts}>
      <MemberScreens />
    </LiffShell>
  );
}
