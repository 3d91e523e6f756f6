import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider, useTheme } from './theme';

/** A system colour scheme the test controls, with the change events a browser sends. */
function systemScheme(prefersDark: boolean) {
  let matches = prefersDark;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-color-scheme: dark)' ? matches : false;
        },
        media: query,
        onchange: null,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    set(dark: boolean) {
      matches = dark;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Toggle() {
  const { isDark, toggleTheme } = useTheme();
  return <button onClick={toggleTheme}>{isDark ? 'dark now' : 'light now'}</button>;
}

const renderTheme = () =>
  render(
    <ThemeProvider>
      <Toggle />
    </ThemeProvider>,
  );
const root = () => screen.getByTestId('theme-root');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('theme', () => {
  it('follows a dark system preference on the first visit, and stores nothing', () => {
    systemScheme(true);
    renderTheme();
    expect(root()).toHaveClass('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('follows a light system preference, and the system changing while nothing was chosen', () => {
    const system = systemScheme(false);
    renderTheme();
    expect(root()).not.toHaveClass('dark');
    system.set(true);
    expect(root()).toHaveClass('dark');
  });

  it('remembers an explicit choice, which wins over the system from then on', async () => {
    const system = systemScheme(true);
    const { unmount } = renderTheme();
    await userEvent.click(screen.getByRole('button', { name: 'dark now' }));
    expect(root()).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
    system.set(true);
    expect(root()).not.toHaveClass('dark');

    unmount();
    renderTheme();
    expect(root()).not.toHaveClass('dark');
  });

  it('starts dark when dark was chosen before, whatever the system prefers', () => {
    systemScheme(false);
    localStorage.setItem('theme', 'dark');
    renderTheme();
    expect(root()).toHaveClass('dark');
  });
});
