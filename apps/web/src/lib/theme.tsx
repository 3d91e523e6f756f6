import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { cn } from './cn';

/** The dark-theme flag (spec §2.2): off at first, toggled by the user, kept in localStorage. */
const THEME_KEY = 'theme';

interface ThemeState {
  isDark: boolean;
  toggleTheme(): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

function readStoredFlag(): boolean {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark';
  } catch {
    return false;
  }
}

/** Holds the flag and renders the app's container, which carries `dark` while it is on. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [isDark, setIsDark] = useState(readStoredFlag);

  useEffect(() => {
    try {
      localStorage.setItem(THEME_KEY, isDark ? 'dark' : 'light');
    } catch {
      // Not persisted; the choice still holds for this visit.
    }
    // The page behind the container (overscroll, scrollbars) follows the theme too.
    document.documentElement.classList.toggle('dark', isDark);
  }, [isDark]);

  const value = useMemo(() => ({ isDark, toggleTheme: () => setIsDark((d) => !d) }), [isDark]);
  return (
    <ThemeContext.Provider value={value}>
      <div data-testid="theme-root" className={cn('min-h-dvh bg-canvas text-fg', isDark && 'dark')}>
        {children}
      </div>
    </ThemeContext.Provider>
  );
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme must be used inside <ThemeProvider>');
  return state;
}
