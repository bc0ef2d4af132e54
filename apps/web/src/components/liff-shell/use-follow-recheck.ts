import { useEffect } from 'react';

const FOLLOW_CHECK_MS = 3_000;

/**
 * A follow reaches the server through LINE's webhook a moment after it is made, so someone who adds the
 * account and opens a mini-app at once can be told to add it first. While `waiting` (that screen is
 * shown), `check` runs again every few seconds; the first answer that no longer says so (and is not a
 * failure) goes to `onAnswer`, and the mini-app moves on by itself.
 */
export function useFollowRecheck<T>(
  waiting: boolean,
  check: () => Promise<T>,
  settled: (answer: T) => boolean,
  onAnswer: (answer: T) => void,
): void {
  useEffect(() => {
    if (!waiting) return;
    let isCurrent = true;
    const timer = setInterval(() => {
      void check().then((answer) => {
        if (isCurrent && settled(answer)) onAnswer(answer);
      });
    }, FOLLOW_CHECK_MS);
    return () => {
      isCurrent = false;
      clearInterval(timer);
    };
  }, [waiting, check, settled, onAnswer]);
}
