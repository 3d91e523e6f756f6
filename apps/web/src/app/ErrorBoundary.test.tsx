import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CrashScreen } from './CrashScreen';
import { ErrorBoundary, RouteErrorScreen } from './ErrorBoundary';

function Broken(): never {
  throw new Error('The player exploded');
}

describe('crash screen', () => {
  beforeEach(() => {
    // React and the router log caught errors; the assertions below are what matters.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('catches a render error outside the router', () => {
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The player exploded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });

  it('is the error element of routes that throw', async () => {
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The player exploded')).toBeInTheDocument();
  });

  it("reloads the page from 'Reload Page'", async () => {
    const onReload = vi.fn();
    render(<CrashScreen message="Boom" onReload={onReload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
