import type { SegmentConditions, Session } from '@app/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, sessionBody } from '../../testing/mock-fetch.ts';
import { renderableApp } from '../../testing/test-providers.tsx';
import { StepConditionsEditor } from './step-conditions-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const everyone = { includeNonMembers: true, isMemberServiceUser: true, isShiftServiceUser: true };

/** The editor as the scenario editor holds it: the step's conditions in state, each change recorded. */
function renderEditor(initial: SegmentConditions | null) {
  const changes: (SegmentConditions | null)[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <StepConditionsEditor
        lineAccountId={7}
        session={sessionBody('CLIENT') as Session}
        index={0}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        disabled={false}
      />
    );
  }
  const { ui } = renderableApp({ routes: [{ path: '/', element: <Harness /> }], initialPath: '/' });
  render(ui);
  return { changes, field: () => screen.getByTestId<HTMLInputElement>('step-0-search') };
}

describe('a scenario step’s written conditions: the name search', { timeout: 20_000 }, () => {
  it('is written into the conditions when the field is left, shown in words, and cleared to no conditions', async () => {
    mockFetch({});
    const { changes, field } = renderEditor(null);
    fireEvent.change(field(), { target: { value: ' 山田 ' } });
    expect(changes).toEqual([]); // not at each key
    fireEvent.blur(field());
    expect(changes).toEqual([{ condition: 'AND', ...everyone, search: '山田' }]);
    await waitFor(() => expect(screen.getByTestId('step-0-conditions').textContent).toContain('山田'));
    // leaving the field unchanged writes nothing
    fireEvent.blur(field());
    expect(changes).toHaveLength(1);
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.blur(field());
    expect(changes.at(-1)).toBeNull();
  });

  it('keeps the builder’s conditions when the search is cleared', () => {
    mockFetch({});
    const written = { condition: 'AND', ...everyone, hasTags: [3], search: '佐藤' } as SegmentConditions;
    const { changes, field } = renderEditor(written);
    expect(field().value).toBe('佐藤');
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.blur(field());
    expect(changes).toEqual([{ condition: 'AND', ...everyone, hasTags: [3] }]);
  });
});
