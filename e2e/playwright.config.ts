import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eSmtpPort } from './fixtures/mail';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
// A fresh data folder per run: the embedded database and media start empty.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'kinora-e2e-'));

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // In CI a test that fails is run once more, and one that then passes is reported as flaky
  // (the list names it): a loaded 2-core runner should not sink a landing on timing alone, and a
  // real failure fails twice. Locally, never: a flake is to be seen and fixed.
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; a browser is never downloaded.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Started the way `npm start` starts it (building the web app when needed).
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/v1/healthcheck`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '200',
      // Reset links go to the SMTP server that password-reset-and-two-factor.spec.ts runs in its own process.
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort}`,
      MAIL_FROM: 'Kinora <no-reply@kinora.test>',
      // The first admin (decision 0038): moderation.spec.ts registers this account.
      ADMIN_USERNAME: 'e2e_admin',
    },
  },
});
