import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './ToastProvider';
import { toastDurations, useToast, type ToastOptions, type ToastType } from './toast-context';

function Trigger({
  type,
  message,
  options,
}: {
  type: ToastType;
  message: string;
  options?: ToastOptions;
}) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast[type](message, options)}>
      Notify
    </button>
  );
}

/** Renders a trigger and returns a click helper (fireEvent: these tests run on fake timers). */
function renderTrigger(props: Parameters<typeof Trigger>[0]) {
  render(
    <ToastProvider>
      <Trigger {...props} />
    </ToastProvider>,
  );
  return { click: (name: string) => fireEvent.click(screen.getByRole('button', { name })) };
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(['success', 'error', 'info', 'warning'] as const)(
    'announces a %s toast in a polite live region',
    (type) => {
      const ui = renderTrigger({ type, message: `A ${type} message` });
      ui.click('Notify');

      const region = screen.getByRole('status', { name: 'Notifications' });
      expect(region).toHaveAttribute('aria-live', 'polite');
      expect(region).toHaveTextContent(`A ${type} message`);
      expect(region.querySelector(`[data-toast-type="${type}"]`)).not.toBeNull();
    },
  );

  it('hides itself after 3 s by default', () => {
    const ui = renderTrigger({ type: 'success', message: 'Profile updated successfully!' });
    ui.click('Notify');

    act(() => vi.advanceTimersByTime(toastDurations.default - 100));
    expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });

  it('hides a share toast after 2 s', () => {
    const ui = renderTrigger({
      type: 'success',
      message: 'Video URL copied to clipboard!',
      options: { duration: toastDurations.share },
    });
    ui.click('Notify');

    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByText('Video URL copied to clipboard!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Video URL copied to clipboard!')).not.toBeInTheDocument();
  });

  it('can be dismissed by its close button', () => {
    const ui = renderTrigger({ type: 'error', message: 'Failed to copy video link' });
    ui.click('Notify');
    ui.click('Dismiss notification');
    expect(screen.queryByText('Failed to copy video link')).not.toBeInTheDocument();
  });

  it('explains itself outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger type="info" message="x" />)).toThrow(
      'useToast must be used inside <ToastProvider>',
    );
  });
});
