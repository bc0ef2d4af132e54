import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFollowRecheck } from './use-follow-recheck.ts';

describe('useFollowRecheck', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('looks again every 3 s while waiting and hands on the first settled answer', async () => {
    const answers = ['NOT_FOLLOWING', 'NOT_FOLLOWING', 'FORM'];
    const check = vi.fn(() => Promise.resolve(answers.shift() ?? 'FORM'));
    const settled = (a: string) => a !== 'NOT_FOLLOWING';
    const onAnswer = vi.fn();
    const { rerender } = renderHook(({ waiting }) => useFollowRecheck(waiting, check, settled, onAnswer), {
      initialProps: { waiting: true },
    });
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(check).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(6_100));
    expect(check).toHaveBeenCalledTimes(3);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenCalledWith('FORM');
    // once the screen has moved on, nothing more is asked
    rerender({ waiting: false });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(check).toHaveBeenCalledTimes(3);
  });
});
