import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { base32Decode, totp } from '../../apps/server/src/platform/auth/totp';
import { registerByApi } from '../fixtures/api';
import { e2eSmtpPort, resetTokenIn, startMailServer, type TestMailServer } from '../fixtures/mail';

const password = 'correct horse battery';
let mail: TestMailServer;

test.beforeAll(async () => {
  mail = await startMailServer({ port: e2eSmtpPort });
});
test.afterAll(async () => {
  await mail?.close();
});

async function signInThroughForm(page: Page, email: string, withPassword: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(withPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a forgotten password is reset by the link in the mail', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const person = await registerByApi(api, 'forgetful');
  await api.dispose();
  const email = `${person.username}@example.test`;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const received = await mail.nextMailTo(email, 15_000);
  expect(received.subject).toBe('Reset your Kinora password');
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(received.text)![0];
  expect(resetTokenIn(received)).toHaveLength(43);
  await page.goto(link);
  const newPassword = `new ${randomBytes(4).toString('hex')} password`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInThroughForm(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await signInThroughForm(page, email, newPassword);
  await expect(page.getByRole('link', { name: `Your profile (${person.username})` })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another new password');
  await page.getByLabel('Confirm new password').fill('another new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('not valid any more');
});

test('two-factor sign-in with an authenticator app', async ({ page, browser, playwright }) => {
  const baseURL = test.info().project.use.baseURL;
  const api = await playwright.request.newContext({ baseURL });
  const person = await registerByApi(api, 'careful');
  await api.dispose();
  const email = `${person.username}@example.test`;

  await signInThroughForm(page, email, password);
  await expect(page.getByRole('link', { name: `Your profile (${person.username})` })).toBeVisible();
  await page.goto('/profile/edit');
  await page.getByRole('link', { name: 'Manage two-factor sign-in' }).click();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = base32Decode(
    ((await page.getByLabel('Secret key').textContent()) ?? '').replace(/\s/g, ''),
  );
  await page.getByLabel('Code from the app').fill(totp(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Status: On')).toBeVisible();

  // Another browser: the password alone is not enough.
  const elsewhere = await (await browser.newContext({ baseURL })).newPage();
  await signInThroughForm(elsewhere, email, password);
  await expect(elsewhere.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  expect(await elsewhere.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  // The next step's code (the current one was spent turning it on).
  await elsewhere.getByLabel('Authentication code').fill(totp(secret, Date.now() + 30_000));
  await elsewhere.getByRole('button', { name: 'Verify' }).click();
  await expect(
    elsewhere.getByRole('link', { name: `Your profile (${person.username})` }),
  ).toBeVisible();
});
