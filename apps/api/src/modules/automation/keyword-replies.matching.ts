import type { Keyword, TimeWindow } from '@app/contracts';

/**
 * Keyword matching and time windows of 応答メッセージ (pure; decision 0036). Text is compared after NFKC
 * (full-width letters and digits become half-width, half-width katakana full-width), lower case, runs of
 * white space made one space and trimmed, so 「ＹＯＹＡＫＵ」, "yoyaku " and "Yoyaku" are one keyword.
 */
export function normaliseText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

export function keywordMatches(text: string, keyword: Keyword): boolean {
  const wanted = normaliseText(keyword.text);
  if (!wanted) return false;
  const said = normaliseText(text);
  return keyword.match === 'EXACT' ? said === wanted : said.includes(wanted);
}

const JST_OFFSET_MS = 9 * 60 * 60 * 1000; // Japan has no summer time

/** The minute of the day (0..1439) and day of the week (0 = Sunday) in Japan at an instant. */
export function japanMinuteAndDay(at: Date): { minute: number; day: number } {
  const jst = new Date(at.getTime() + JST_OFFSET_MS);
  return { minute: jst.getUTCHours() * 60 + jst.getUTCMinutes(), day: jst.getUTCDay() };
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a rule is active at an instant (Japan time). A window includes its start and excludes its end;
 * one whose start is after its end crosses midnight, and its hours after midnight belong to the day it
 * started on (a Friday 22:00-06:00 window is active at 02:00 on Saturday, not on Friday at 02:00).
 */
export function isActiveAt(
  rule: { timeWindow: TimeWindow | null; days: readonly number[] },
  at: Date,
): boolean {
  const { minute, day } = japanMinuteAndDay(at);
  if (!rule.timeWindow) return rule.days.includes(day);
  const start = minuteOf(rule.timeWindow.start);
  const end = minuteOf(rule.timeWindow.end);
  if (start < end) return minute >= start && minute < end && rule.days.includes(day);
  if (minute >= start) return rule.days.includes(day);
  if (minute < end) return rule.days.includes((day + 6) % 7);
  return false;
}

export type MatchableRule = {
  enabled: boolean;
  outOfHours: boolean;
  keywords: readonly Keyword[];
  timeWindow: TimeWindow | null;
  days: readonly number[];
};

/**
 * The first rule (in the given priority order) that answers a text: on, active now, one of its keywords
 * matching. In chat mode (a person answers in the chat) only out-of-hours rules run; LINE's 'bot' or an
 * unknown mode runs them all.
 */
export function pickRule<R extends MatchableRule>(
  rules: readonly R[],
  text: string,
  at: Date,
  chatMode: string | null,
): R | undefined {
  const chat = chatMode === 'chat';
  return rules.find(
    (rule) =>
      rule.enabled &&
      (!chat || rule.outOfHours) &&
      isActiveAt(rule, at) &&
      rule.keywords.some((keyword) => keywordMatches(text, keyword)),
  );
}

/** The fallback answers only in bot mode: in chat mode a person answers what no rule does. */
export const fallbackRuns = (chatMode: string | null) => chatMode !== 'chat';
