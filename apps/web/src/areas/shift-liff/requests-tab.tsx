import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LiffPeriod, LiffRequests, StaffRemark, StaffShift } from '@app/contracts';
import { LiffApiError } from '../../components/liff-shell/liff-api.ts';
import { LiffSpinner, LiffStateScreen, useLiff } from '../../components/liff-shell/liff-shell.tsx';
import {
  alignTime,
  clockOf,
  daysOf,
  daysUntil,
  draftOf,
  durationOf,
  hourOptions,
  hoursText,
  isEditable,
  isOvernight,
  longDay,
  minuteOptions,
  requestsOf,
  sameDraft,
  shortDay,
  todayIn,
  weekdayOf,
  type DayRequest,
  type RequestDraft,
} from './shift-liff-model.ts';
import { translateShiftText } from './shift-liff-texts.ts';

type Loaded = {
  period: LiffPeriod;
  shifts: StaffShift[];
  remarks: StaffRemark[];
};

/** The open submission period: requests day by day, in steps of the time division, sent as one set. */
export function RequestsTab({ base, timeZone }: { base: string; timeZone: string }) {
  const { t, api, language } = useLiff();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState('');
  const [draft, setDraft] = useState<RequestDraft>({});
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [lastWork, setLastWork] = useState<{ start: string; end: string } | null>(null);

  const errorText = useCallback(
    (error: unknown) =>
      error instanceof LiffApiError
        ? error.status === 0
          ? t('error.network')
          : translateShiftText(language, error.fieldErrors[0]?.message ?? error.message)
        : t('error.generic'),
    [language, t],
  );
  const fetchAll = useCallback(async (): Promise<Loaded | string> => {
    try {
      const [period, remarks] = await Promise.all([
        api<LiffPeriod>(`${base}/period`),
        api<StaffRemark[]>(`${base}/remarks`),
      ]);
      const shifts = period.period ? (await api<LiffRequests>(`${base}/requests`)).shifts : [];
      return { period, shifts, remarks };
    } catch (error) {
      return errorText(error);
    }
  }, [api, base, errorText]);
  const show = useCallback((result: Loaded | string) => {
    if (typeof result === 'string') {
      setFailure(result);
      return;
    }
    setFailure('');
    setLoaded(result);
    setDraft(draftOf(result.shifts));
  }, []);
  useEffect(() => {
    let isCurrent = true;
    void fetchAll().then((r) => isCurrent && show(r));
    return () => {
      isCurrent = false;
    };
  }, [fetchAll, show]);

  const saved = useMemo(() => draftOf(loaded?.shifts ?? []), [loaded]);
  const dirty = !sameDraft(saved, draft);

  if (failure) {
    return (
      <LiffStateScreen
        icon="⚠️"
        title={failure}
        testId="shift-requests-error"
        action={
          <button
            type="button"
            className="liff-button secondary"
            onClick={() => {
              setFailure('');
              setLoaded(null);
              void fetchAll().then(show);
            }}
          >
            {t('reload')}
          </button>
        }
      />
    );
  }
  if (!loaded) return <LiffSpinner label={t('loading')} />;
  const { period, timeDivisionSetting: division, hasSubmitted } = loaded.period;
  if (!period) {
    return (
      <LiffStateScreen
        icon="📅"
        title={t('period.none')}
        text={t('period.noneText')}
        testId="shift-no-period"
      />
    );
  }

  const today = todayIn(timeZone);
  const left = daysUntil(today, period.closingDate);
  const locked = new Map<string, StaffShift>();
  for (const s of loaded.shifts) if (!isEditable(s) && !locked.has(s.date)) locked.set(s.date, s);
  const remarkOf = new Map(loaded.remarks.map((r) => [r.date, r.remark]));
  const values = Object.values(draft);
  const work = values.filter((r) => r.kind === 'work').length;
  const rest = values.length - work;
  const invalid = values.some((r) => r.kind === 'work' && durationOf(r.start, r.end) === 0);

  const change = (day: string, request: DayRequest | null) => {
    setNotice(null);
    setDraft((d) => {
      const next = { ...d };
      if (request) next[day] = request;
      else delete next[day];
      return next;
    });
    if (request?.kind === 'work') setLastWork({ start: request.start, end: request.end });
  };
  const submit = async () => {
    setSending(true);
    setNotice(null);
    try {
      const answer = await api<LiffRequests>(`${base}/requests`, {
        method: 'PUT',
        body: { requests: requestsOf(draft) },
      });
      const wasSubmitted = hasSubmitted;
      setLoaded({
        ...loaded,
        period: { ...loaded.period, hasSubmitted: answer.shifts.some(isEditable) || hasSubmitted },
        shifts: answer.shifts,
      });
      setDraft(draftOf(answer.shifts));
      setOpenDay(null);
      setNotice({ kind: 'ok', text: t(wasSubmitted ? 'submit.changed' : 'submit.done') });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="shift-requests">
      <section className="liff-card shift-period" data-testid="shift-period">
        <div className="shift-period-head">
          <h2>
            {t('period.title', {
              range: `${shortDay(period.startDate, language)}〜${shortDay(period.endDate, language)}`,
            })}
          </h2>
          <span className={`shift-chip ${hasSubmitted ? 'ok' : 'todo'}`} data-testid="shift-submitted">
            {t(hasSubmitted ? 'period.submitted' : 'period.notSubmitted')}
          </span>
        </div>
        <div className="shift-deadline">
          <strong>{t('period.deadline', { date: longDay(period.closingDate, language) })}</strong>
          {left >= 0 ? (
            <span className={`shift-chip ${left <= 2 ? 'warn' : ''}`}>
              {left === 0 ? t('period.lastDay') : t('period.daysLeft', { n: left })}
            </span>
          ) : null}
        </div>
        <p className="liff-muted" style={{ margin: '8px 0 0' }}>
          {t('period.hint')}
        </p>
      </section>

      <ul className="shift-days" aria-label={t('tab.requests')}>
        {daysOf(period.startDate, period.endDate).map((day) => {
          const request = draft[day];
          const fixed = locked.get(day);
          const remark = remarkOf.get(day);
          const weekday = weekdayOf(day);
          const isOpen = openDay === day;
          const changed = JSON.stringify(request) !== JSON.stringify(saved[day]);
          return (
            <li key={day} className={`shift-day${isOpen ? ' open' : ''}`} data-day={day}>
              <button
                type="button"
                className="shift-day-row"
                aria-expanded={fixed ? undefined : isOpen}
                disabled={Boolean(fixed)}
                onClick={() => setOpenDay(isOpen ? null : day)}
              >
                <span className={`shift-date${weekday === 0 ? ' sun' : weekday === 6 ? ' sat' : ''}`}>
                  {shortDay(day, language)}
                </span>
                <span className="shift-day-value" data-testid={`request-${day}`}>
                  {fixed ? (
                    <LockedValue shift={fixed} />
                  ) : request?.kind === 'work' ? (
                    <span className="shift-work">
                      {request.start}〜
                      {isOvernight(request.start, request.end) ? `${t('edit.nextDay')} ` : ''}
                      {request.end}
                    </span>
                  ) : request?.kind === 'rest' ? (
                    <span className="shift-rest">{t('day.rest')}</span>
                  ) : (
                    <span className="liff-muted">{t('day.none')}</span>
                  )}
                  {changed ? <span className="shift-dot" aria-label={t('submit.unsaved')} /> : null}
                </span>
              </button>
              {remark ? (
                <div className="shift-remark">
                  📝 {t('day.remark')}: {remark}
                </div>
              ) : null}
              {isOpen && !fixed ? (
                <DayEditor
                  day={day}
                  request={request ?? null}
                  division={division}
                  lastWork={lastWork}
                  onChange={(r) => change(day, r)}
                  onClose={() => setOpenDay(null)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>

      <div className="shift-submit-bar">
        {notice ? (
          <div
            className={notice.kind === 'ok' ? 'shift-ok' : 'liff-banner'}
            role={notice.kind === 'ok' ? 'status' : 'alert'}
          >
            {notice.text}
          </div>
        ) : null}
        <div className="liff-muted shift-summary">
          {t('submit.summary', { work, rest })}
          {dirty ? ` ・ ${t('submit.unsaved')}` : ''}
        </div>
        <button
          type="button"
          className="liff-button"
          disabled={sending || invalid || (!dirty && (hasSubmitted || values.length === 0))}
          onClick={() => void submit()}
        >
          {sending ? t('submit.sending') : t(hasSubmitted ? 'submit.change' : 'submit.first')}
        </button>
      </div>
    </div>
  );
}

function LockedValue({ shift }: { shift: StaffShift }) {
  const { t } = useLiff();
  if (shift.status !== 'APPROVED') return <span className="liff-muted">🔒 {t('day.handled')}</span>;
  return (
    <span className="shift-approved" title={t('day.locked')}>
      🔒 {t('day.approved')}{' '}
      {shift.isRest ? t('day.rest') : `${clockOf(shift.startAt)}〜${clockOf(shift.endAt)}`}
    </span>
  );
}

/** One day's choice: work (start and end in steps of the division, overnight allowed), day off, or none. */
function DayEditor(props: {
  day: string;
  request: DayRequest | null;
  division: number;
  lastWork: { start: string; end: string } | null;
  onChange: (request: DayRequest | null) => void;
  onClose: () => void;
}) {
  const { t, language } = useLiff();
  const { request, division } = props;
  const defaults = props.lastWork ?? { start: '10:00', end: '15:00' };
  const work = request?.kind === 'work' ? request : null;
  const setWork = (start: string, end: string) => props.onChange({ kind: 'work', start, end });
  const kind = request?.kind ?? 'none';
  const minutes = work ? durationOf(work.start, work.end) : 0;
  return (
    <div className="shift-editor" role="group" aria-label={longDay(props.day, language)}>
      <div className="shift-segment" role="radiogroup">
        {(['work', 'rest', 'none'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            className={kind === k ? 'active' : undefined}
            onClick={() =>
              props.onChange(
                k === 'work'
                  ? {
                      kind: 'work',
                      start: alignTime(work?.start ?? defaults.start, division),
                      end: alignTime(work?.end ?? defaults.end, division),
                    }
                  : k === 'rest'
                    ? { kind: 'rest' }
                    : null,
              )
            }
          >
            {t(`edit.${k}`)}
          </button>
        ))}
      </div>
      {work ? (
        <>
          <div className="shift-times">
            <TimePicker
              label={t('edit.start')}
              value={work.start}
              division={division}
              onChange={(v) => setWork(v, work.end)}
            />
            <span aria-hidden>〜</span>
            <TimePicker
              label={t('edit.end')}
              value={work.end}
              division={division}
              prefix={isOvernight(work.start, work.end) && minutes > 0 ? t('edit.nextDay') : undefined}
              onChange={(v) => setWork(work.start, v)}
            />
          </div>
          <div className={minutes === 0 ? 'liff-error' : 'liff-muted'}>
            {minutes === 0 ? t('edit.same') : hoursText(minutes, language)}
          </div>
        </>
      ) : null}
      <button type="button" className="liff-button secondary small" onClick={props.onClose}>
        {t('edit.close')}
      </button>
    </div>
  );
}

function TimePicker(props: {
  label: string;
  value: string;
  division: number;
  prefix?: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useLiff();
  const [h, m] = [props.value.slice(0, 2), props.value.slice(3, 5)];
  const minutes = minuteOptions(props.division);
  return (
    <fieldset className="shift-time">
      <legend>
        {props.label}
        {props.prefix ? <span className="shift-next-day">{props.prefix}</span> : null}
      </legend>
      <select
        aria-label={`${props.label} ${t('edit.hour')}`}
        value={h}
        onChange={(e) => props.onChange(`${e.target.value}:${m}`)}
      >
        {hourOptions().map((x) => (
          <option key={x} value={x}>
            {x}
          </option>
        ))}
      </select>
      <span>:</span>
      <select
        aria-label={`${props.label} ${t('edit.minute')}`}
        value={minutes.includes(m) ? m : minutes[0]}
        onChange={(e) => props.onChange(`${h}:${e.target.value}`)}
      >
        {minutes.map((x) => (
          <option key={x} value={x}>
            {x}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
