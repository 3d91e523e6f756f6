import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, type Account } from '../fixtures/accounts';

// Issue 20 item 3: one person on a laptop and a phone (two browser contexts). A password change
// on the laptop signs the phone out at once; the laptop's sessions page lists both devices and
// signs the phone out again; then the person takes their data and deletes the account.

const phoneAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function openPhone(browser: Browser) {
  const context = await browser.newContext({
    userAgent: phoneAgent,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, account: Account, password = account.password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('link', { name: `Your profile (${account.username})` }),
  ).toBeVisible();
}

/** The phone's tab shows a visitor's top bar, without anyone reloading it. */
async function expectSignedOut(page: Page, account: Account) {
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('link', { name: `Your profile (${account.username})` })).toHaveCount(
    0,
  );
}

test('change password, sign a device out from the sessions list, then export and delete the account', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = await signUp(page, 'safe');
  const phone = await openPhone(browser);
  await signIn(phone.page, account);
  await phone.page.goto('/history');

  // Change password on the laptop: the phone's open tab is signed out at once.
  await page.goto('/profile/edit');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(account.password);
  await form.getByLabel('New password', { exact: true }).fill('a much newer password');
  await form.getByLabel('Confirm new password').fill('a much newer password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Password changed. Your other devices were signed out.'),
  ).toBeVisible();
  await expectSignedOut(phone.page, account);
  // The laptop stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();

  // The phone signs in again with the new password.
  const changed = { ...account, password: 'a much newer password' };
  await signIn(phone.page, changed);
  await phone.page.goto('/history');

  // The sessions page, reached from Edit profile by keyboard, lists both devices.
  const sessionsLink = page.getByRole('link', { name: /Sessions and devices/ });
  await sessionsLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/sessions$/);
  const list = page.getByRole('list', { name: 'Where you are signed in' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const here = list.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(here).toContainText('Chrome on Linux');
  const phoneRow = list.getByRole('listitem').filter({ hasText: 'Safari on iOS' });
  await expect(phoneRow).toBeVisible();
  await phoneRow.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
  await expect(page.getByText('Signed out of that device')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expectSignedOut(phone.page, account);
  await phone.context.close();

  // Take one's data first: a JSON file with the account and links to the media.
  await page.goto('/profile/edit');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^kinora-${account.username}-.+\\.json$`),
  );
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(data.account).toMatchObject({ username: account.username, email: account.email });
  expect(data.account.avatar).toMatch(/\/media\/avatars\//);

  // Delete the account: the password again, then home, signed out; the account is gone.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await dialog.getByLabel('Your password').fill(changed.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(changed.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('alert').getByText('Invalid email or password. Please try again.'),
  ).toBeVisible();
  const channel = await page.request.get(`/api/v1/users/c/${account.username}`);
  expect(channel.status()).toBe(404);
});
