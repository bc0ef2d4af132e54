import { useEffect, useState } from 'react';
import type { LiffMe, StaffRemark, StaffShift, UpcomingShifts } from '@app/contracts';
import { LiffApiError } from '../../components/liff-shell/liff-api.ts';
import { LiffSpinner, LiffStateScreen, useLiff } from '../../components/liff-shell/liff-shell.tsx';
import { addDays, clockOf, daysOf, hoursText, shortDay, todayIn, weekdayOf } from './shift-liff-model.ts';
import { translateShiftText } from './shift-liff-texts.ts';

/** How far ahead "my shifts" looks (two closure months; the API allows up to 93 days). */
const MINE_DAYS = 62;

/** One load of the tab's data, with the failure in the page's language. */
function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const { t, language } = useLiff();
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  useEffect(() => {
    let isCurrent = true;
    load().then(
      (data) => isCurrent && setState({ data }),
      (error: unknown) =>
        isCurrent &&
        setState({
          error:
            error instanceof LiffApiError
              ? error.status === 0
                ? t('error.network')
                : translateShiftText(language, error.message)
              : t('error.generic'),
        }),
    );
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the callers list what the load reads
  }, deps);
  return state;
}

const timeText = (s: StaffShift, nextDay: string) =>
  `${clockOf(s.startAt)}〜${s.endDayDiff > 0 ? `${nextDay} ` : ''}${clockOf(s.endAt)}`;

const dateClass = (day: string) => {
  const w = weekdayOf(day);
  return `shift-date${w === 0 ? ' sun' : w === 6 ? ' sat' : ''}`;
};

/** Own confirmed shifts from today, and the store's notes on own days. */
export function MineTab({ base, me }: { base: string; me: LiffMe }) {
  const { t, api, language } = useLiff();
  const today = todayIn(me.store.timeZone);
  const { data, error } = useLoad(
    () =>
      Promise.all([
        api<StaffShift[]>(
          `${base}/shifts?startAtMin=${today}T00:00&startAtMax=${addDays(today, MINE_DAYS)}T00:00`,
        ),
        api<StaffRemark[]>(`${base}/remarks`),
      ]),
    [base, today],
  );
  if (error) return <LiffStateScreen icon="⚠️" title={error} testId="shift-mine-error" />;
  if (!data) return <LiffSpinner label={t('loading')} />;
  const [shifts, remarks] = data;
  const approved = shifts.filter((s) => s.status === 'APPROVED');
  const working = approved.filter((s) => !s.isRest);
  const minutes = working.reduce((sum, s) => sum + s.duration, 0);
  return (
    <>
      <section className="liff-card" data-testid="shift-mine">
        <h2>{t('mine.title')}</h2>
        {approved.length === 0 ? (
          <>
            <p style={{ fontWeight: 700, margin: '12px 0 4px' }}>{t('mine.empty')}</p>
            <p className="liff-muted" style={{ margin: 0 }}>
              {t('mine.emptyText')}
            </p>
          </>
        ) : (
          <>
            <p className="liff-muted" style={{ margin: '0 0 8px' }}>
              {t('mine.summary', { days: working.length, hours: hoursText(minutes, language) })}
            </p>
            <ul className="shift-list">
              {approved.map((s) => (
                <li key={s.id} data-testid="mine-shift" className={s.date === today ? 'today' : undefined}>
                  <span className={dateClass(s.date)}>{shortDay(s.date, language)}</span>
                  {s.isRest ? (
                    <span className="shift-rest">{t('day.rest')}</span>
                  ) : (
                    <span className="shift-work">{timeText(s, t('edit.nextDay'))}</span>
                  )}
                  {s.isRest ? null : <span className="liff-muted">{hoursText(s.duration, language)}</span>}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="liff-card" data-testid="shift-remarks">
        <h2>{t('remarks.title')}</h2>
        {remarks.length === 0 ? (
          <p className="liff-muted" style={{ margin: 0 }}>
            {t('remarks.empty')}
          </p>
        ) : (
          <ul className="shift-list">
            {remarks.map((r) => (
              <li key={r.id} className="remark">
                <span className={dateClass(r.date)}>{shortDay(r.date, language)}</span>
                <span className="shift-remark-text">{r.remark}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** Everyone's approved shifts for the next 14 days, day by day; own rows marked. */
export function EveryoneTab({ base, me }: { base: string; me: LiffMe }) {
  const { t, api, language } = useLiff();
  const { data, error } = useLoad(() => api<UpcomingShifts>(`${base}/approved-shifts`), [base]);
  if (error) return <LiffStateScreen icon="⚠️" title={error} testId="shift-everyone-error" />;
  if (!data) return <LiffSpinner label={t('loading')} />;
  const byDay = new Map<string, UpcomingShifts['shifts']>();
  for (const s of data.shifts) {
    if (s.isRest) continue;
    byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);
  }
  return (
    <section className="liff-card" data-testid="shift-everyone">
      <h2>
        {t('everyone.title', {
          range: `${shortDay(data.startDate, language)}〜${shortDay(data.endDate, language)}`,
        })}
      </h2>
      {daysOf(data.startDate, data.endDate).map((day) => {
        const shifts = byDay.get(day) ?? [];
        return (
          <div key={day} className="shift-everyone-day" data-day={day}>
            <div className="shift-everyone-head">
              <span className={dateClass(day)}>{shortDay(day, language)}</span>
              <span className="liff-muted">
                {shifts.length ? t('everyone.count', { n: shifts.length }) : t('everyone.empty')}
              </span>
            </div>
            {shifts.length ? (
              <ul className="shift-list compact">
                {shifts.map((s) => {
                  const own = s.staffId === me.staff?.id;
                  return (
                    <li key={s.id} className={own ? 'own' : undefined}>
                      <span className="shift-name">
                        {s.staffName}
                        {own ? <span className="shift-chip ok">{t('everyone.you')}</span> : null}
                      </span>
                      <span className="shift-work">{timeText(s, t('edit.nextDay'))}</span>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
