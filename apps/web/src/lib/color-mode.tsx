import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type ColorMode = 'light' | 'dark';

/** localStorage key of the remembered colour mode (light is the default). */
export const COLOR_MODE_STORAGE_KEY = 'colorMode';

export function readStoredColorMode(): ColorMode {
  try {
    return localStorage.getItem(COLOR_MODE_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

type ColorModeContextValue = {
  mode: ColorMode;
  setMode: (mode: ColorMode) => void;
  toggleMode: () => void;
};

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ColorMode>(readStoredColorMode);

  const setMode = useCallback((next: ColorMode) => {
    setModeState(next);
    try {
      localStorage.setItem(COLOR_MODE_STORAGE_KEY, next);
    } catch {
      // storage may be unavailable (private mode); the choice then lasts for this page only
    }
  }, []);

  const value = useMemo(
    () => ({ mode, setMode, toggleMode: () => setMode(mode === 'light' ? 'dark' : 'light') }),
    [mode, setMode],
  );
  return <ColorModeContext value={value}>{children}</ColorModeContext>;
}

export function useColorMode(): ColorModeContextValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode must be used inside ColorModeProvider');
  return value;
}
