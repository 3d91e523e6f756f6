import { afterEach, beforeEach } from 'vitest';

/**
 * Starts a fresh `T` before each test of the file and closes it after; the getter answers the
 * running one and throws outside a test (`what` names it in that error).
 */
export function perTest<T extends { close: () => Promise<void> }>(
  start: () => Promise<T>,
  what: string,
): () => T {
  let current: T | null = null;
  beforeEach(async () => {
    current = await start();
  });
  afterEach(async () => {
    await current?.close();
    current = null;
  });
  return () => {
    if (!current) throw new Error(`${what} runs only inside a test`);
    return current;
  };
}
