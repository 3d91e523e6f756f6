import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // A worker thread per file starts faster than a child process (vitest's default, forks);
      // each file still gets its own jsdom and module graph.
      pool: 'threads',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      restoreMocks: true,
      testTimeout: 20_000,
      unstubEnvs: true,
      unstubGlobals: true,
    },
  }),
);
