import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Migrates once per run; each file's database starts from that (test/harness.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each test file gets its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
