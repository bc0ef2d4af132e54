// The unfilled-slot reasons in Japanese words, with the staff members' names (pure).
import { localDay, localMinutes, pad } from '../../../platform/dates.ts';
import type { GapReason, Violation } from './solver-types.ts';

const hours = (minutes: number) => `${Math.round((minutes / 60) * 100) / 100}時間`;

function clock(ms: number, timeZone: string): string {
  const instant = new Date(ms);
  const m = localMinutes(instant, timeZone);
  const [, mm, dd] = localDay(instant, timeZone).split('-');
  return `${Number(mm)}/${Number(dd)} ${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

function violationText(v: Violation, timeZone: string): string {
  const other = (x: { withStart: number; withEnd: number }) =>
    `${clock(x.withStart, timeZone)}〜${clock(x.withEnd, timeZone).split(' ')[1]}`;
  switch (v.kind) {
    case 'CLOSED_DAY':
      return '店舗の休業日です';
    case 'CLOSED_HOURS':
      return `${other(v)}は休みのルールの時間です`;
    case 'REST_DAY':
      return 'この日は休みです';
    case 'OVERLAP':
      return `${other(v)}のシフトと重なります`;
    case 'ONE_PER_DAY':
      return `この日は${other(v)}のシフトが入っています(1日1シフト)`;
    case 'MIN_REST':
      return `${other(v)}のシフトとの勤務間インターバルが足りません`;
    case 'DAY_CAP':
      return `1日の上限${hours(v.cap)}を超えます(${hours(v.minutes)})`;
    case 'WEEK_CAP':
      return `週の上限${hours(v.cap)}を超えます(${hours(v.minutes)})`;
    case 'MONTH_CAP':
      return `月の上限${hours(v.cap)}を超えます(${hours(v.minutes)})`;
  }
}

/** One reason as a sentence: 「山田 花子さん: 12/1 09:00〜17:00のシフトとの勤務間インターバルが足りません」. */
export function reasonText(reason: GapReason, timeZone: string): string {
  if (reason.kind === 'NO_REQUEST')
    return reason.othersPlaced ? '配置済みの人のほかに希望を出した人がいません' : '誰も希望を出していません';
  if (reason.kind === 'OUTSIDE_REQUESTS') return 'この時間帯を含む希望が期間中に一つもなく、満たせません';
  if (reason.kind === 'UNMEETABLE')
    return `必要人数${reason.required}人がスタッフの人数(${reason.staffCount}人)を超えていて、満たせません`;
  if (reason.kind === 'PARTIAL_REQUEST') {
    const span = `${clock(reason.start, timeZone).split(' ')[1]}〜${clock(reason.end, timeZone).split(' ')[1]}`;
    return `${reason.staffName}さん: ${span}のみ希望`;
  }
  if (reason.kind === 'SWAP') {
    const from = `${clock(reason.fromStart, timeZone)}〜${clock(reason.fromEnd, timeZone).split(' ')[1]}`;
    return `${reason.staffName}さんを${from}のシフトから移せば埋まります(そちらの枠が空きます)`;
  }
  if (reason.kind === 'NOT_DRAFTED') return `${reason.staffName}さん: 自動では割り当てられませんでした`;
  return `${reason.staffName}さん: ${violationText(reason.violation, timeZone)}`;
}
