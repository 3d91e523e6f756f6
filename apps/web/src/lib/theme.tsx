import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { cn } from './cn';
import { useMediaQuery } from './use-media-query';

/**
 * The dark-theme flag (spec §2.2). Until the person chooses, it follows the system's
 * `prefers-color-scheme` (and its changes); a choice made with the toggle is kept in
 * localStorage and wins from then on.
 */
const THEME_KEY = 'theme';
const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

type Choice = 'dark' | 'light';

interface ThemeState {
  isDark: boolean;
  toggleTheme(): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

function readStoredChoice(): Choice | null {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return stored === 'dark' || stored === 'light' ? stored : null;
  } catch {
    return null;
  }
}

function storeChoice(choice: Choice): void {
  try {
    localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Not persisted; the choice still holds for this visit.
  }
}

/** Holds the flag and renders the app's container, which carries `dark` while it is on. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState<Choice | null>(readStoredChoice);
  const systemPrefersDark = useMediaQuery(DARK_SCHEME_QUERY);
  const isDark = choice ? choice === 'dark' : systemPrefersDark;

  useEffect(() => {
    // The page behind the container (overscroll, scrollbars) follows the theme too.
    document.documentElement.classList.toggle('dark', isDark);
  }, [isDark]);

  const value = useMemo(
    () => ({
      isDark,
      toggleTheme: () => {
        const next: Choice = isDark ? 'light' : 'dark';
        storeChoice(next);
        setChoice(next);
      },
    }),
    [isDark],
  );
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
