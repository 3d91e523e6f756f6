import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { publishByApi, registerByApi } from '../fixtures/api';
import { makeClip } from '../fixtures/clip';

// Issue 22 item 3 (decision 0039): a video made unlisted in My videos is absent from search,
// but plays for anyone who has its link.
test.use({ viewport: { width: 1366, height: 900 } });

test('an unlisted video is absent from search but plays by link', async ({ browser }) => {
  test.setTimeout(180_000);
  const word = `lantern${randomBytes(3).toString('hex')}`;
  const clip = makeClip(3, '320x180');
  const creatorContext = await browser.newContext();
  const creator = await registerByApi(creatorContext.request, 'private');
  const publicTitle = `${word} in the open`;
  const unlistedTitle = `${word} by link only`;
  await publishByApi(creatorContext.request, creator, {
    title: publicTitle,
    description: 'Listed everywhere',
    clip,
  });
  const unlistedId = await publishByApi(creatorContext.request, creator, {
    title: unlistedTitle,
    description: 'Only for those who have the link',
    clip,
  });

  // The creator makes it unlisted in My videos; the badge says so.
  const page = await creatorContext.newPage();
  await page.goto('/my-videos');
  await page.getByRole('button', { name: `Visibility of ${unlistedTitle}: Public` }).click();
  const dialog = page.getByRole('dialog', { name: 'Visibility' });
  await dialog.getByLabel('Visibility').selectOption('unlisted');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('button', { name: `Visibility of ${unlistedTitle}: Unlisted` }),
  ).toBeVisible();
  await creatorContext.close();

  // A visitor searching finds the public video only.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/search?q=${word}`);
  await expect(visitor.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  const results = visitor.getByRole('main');
  await expect(results.getByRole('link', { name: publicTitle }).first()).toBeVisible();
  await expect(results.getByRole('link', { name: unlistedTitle })).toHaveCount(0);
  // Nor on the home page.
  await visitor.goto('/');
  await expect(
    visitor.getByRole('main').getByRole('link', { name: publicTitle }).first(),
  ).toBeVisible();
  await expect(visitor.getByRole('main').getByRole('link', { name: unlistedTitle })).toHaveCount(0);

  // The link plays it.
  await visitor.goto(`/video/${unlistedId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: unlistedTitle })).toBeVisible();
  await visitor.getByRole('button', { name: 'Play video' }).click();
  await expect
    .poll(() => visitor.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0.3);
  await visitorContext.close();
});
