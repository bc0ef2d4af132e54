import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLOR_MODE_STORAGE_KEY, ColorModeProvider, useColorMode } from './color-mode.tsx';

function Probe() {
  const { mode, toggleMode } = useColorMode();
  return (
    <button type="button" onClick={toggleMode}>
      {mode}
    </button>
  );
}

describe('colour mode', () => {
  it('starts light and remembers a switch to dark', () => {
    const { unmount } = render(
      <ColorModeProvider>
        <Probe />
      </ColorModeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('light');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('dark');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    unmount();

    render(
      <ColorModeProvider>
        <Probe />
      </ColorModeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('dark');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'purple');
    render(
      <ColorModeProvider>
        <Probe />
      </ColorModeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('light');
  });
});
