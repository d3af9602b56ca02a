import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_THEME_COLOR, STORAGE_PREFIX } from '../../shared/config';
import { isHexColour, isThemeName, type ThemeName } from './themes';

export const THEME_NAME_KEY = `${STORAGE_PREFIX}themeName`;
export const THEME_COLOUR_KEY = `${STORAGE_PREFIX}colorName`;

export interface ThemeChoice {
  name: ThemeName;
  colour: string;
}

interface ThemeValue extends ThemeChoice {
  setTheme: (next: Partial<ThemeChoice>) => void;
}

export const DEFAULT_THEME: ThemeChoice = { name: 'default', colour: DEFAULT_THEME_COLOR };

const ThemeContext = createContext<ThemeValue>({ ...DEFAULT_THEME, setTheme: () => undefined });

function readStored(): ThemeChoice {
  try {
    const name = localStorage.getItem(THEME_NAME_KEY);
    const colour = localStorage.getItem(THEME_COLOUR_KEY);
    return { name: isThemeName(name) ? name : DEFAULT_THEME.name, colour: isHexColour(colour) ? colour : DEFAULT_THEME.colour };
  } catch {
    // Storage can throw in privacy modes: the default theme is a safe answer.
    return DEFAULT_THEME;
  }
}

/** The chosen theme and colour, kept in localStorage like the language. */
export function ThemeChoiceProvider({ children, initial }: { children: ReactNode; initial?: ThemeChoice }) {
  const [choice, setChoice] = useState<ThemeChoice>(() => initial ?? readStored());
  const setTheme = useCallback((next: Partial<ThemeChoice>) => {
    setChoice((prev) => {
      const merged = { ...prev, ...next };
      try {
        localStorage.setItem(THEME_NAME_KEY, merged.name);
        localStorage.setItem(THEME_COLOUR_KEY, merged.colour);
      } catch {
        // Not persisting is acceptable; the theme still applies for this page view.
      }
      return merged;
    });
  }, []);
  const value = useMemo(() => ({ ...choice, setTheme }), [choice, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useThemeChoice(): ThemeValue {
  return useContext(ThemeContext);
}
