import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { solidPng } from '../fixtures/images';

test('a newcomer signs up with an avatar, signs out, signs in and edits their name', async ({
  page,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const username = `ada_${suffix}`;
  const email = `${username}@example.test`;
  const password = 'analytical engine';

  await page.goto('/register');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Avatar').setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: solidPng(96, 96, [40, 90, 200]),
  });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully!')).toBeVisible();

  // Lands on home, signed in, with the avatar (an image, not the initial) in the top bar.
  await expect(page).toHaveURL(/\/$/);
  const profileLink = page.getByRole('link', { name: `Your profile (${username})` });
  await expect(profileLink).toBeVisible();
  const avatar = profileLink.locator('img');
  await expect(avatar).toHaveAttribute('src', /\/media\/avatars\/.+\.webp$/);
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(profileLink).toHaveCount(0);

  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('alert').getByText('Invalid email or password. Please try again.'),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(profileLink).toBeVisible();

  await page.goto('/profile/edit');
  const fullName = page.getByLabel('Full name');
  await expect(fullName).toHaveValue('Ada Lovelace');
  await fullName.fill('Ada King, Countess of Lovelace');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/videos$/);
  await expect(page.getByRole('heading', { name: 'Ada King, Countess of Lovelace' })).toBeVisible();

  // The change survives a reload (it is the server's, not only the page's).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ada King, Countess of Lovelace' })).toBeVisible();
});

test('the shell: unknown routes, hash share links and the visitor top bar', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found (404)')).toBeVisible();
  await page.goto('/#/channel/abc');
  await expect(page).toHaveURL(/\/channel\/abc$/);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
});
