/* Test helpers that render the real app: routes, layouts and providers (tests only). */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createTestQueryClient } from '../testing/query-client';
import { AppProviders } from './providers';
import { routes } from './routes';

/** Renders the whole app (real routes, providers) at `path`. */
export function renderRoute(
  path: string,
  options: { userEventOptions?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(options.userEventOptions);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, user, queryClient };
}

/** Renders one element inside the app's providers (no router). */
export function renderWithProviders(element: ReactElement) {
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  const result = render(<AppProviders queryClient={queryClient}>{element}</AppProviders>);
  return { ...result, user, queryClient };
}
