import { QueryClient } from '@tanstack/react-query';

/** A cache without retries or background refetches, so tests see each answer once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
