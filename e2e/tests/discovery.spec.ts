import { expect, test } from '@playwright/test';
import { publishByApi, registerByApi } from '../fixtures/api';
import { makeClip } from '../fixtures/clip';

test.use({ viewport: { width: 1366, height: 900 } });

test('home paging, trending ranks, search to the video, channel tabs, dashboard and analytics', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const clip = makeClip(2, '320x180');

  // Seed: one creator with eleven videos; a viewer watches and likes one of them.
  const creatorContext = await browser.newContext();
  const page = await creatorContext.newPage();
  const creator = await registerByApi(page.request, 'seeded');
  for (let i = 1; i <= 10; i++) {
    await publishByApi(page.request, creator, {
      title: `Seeded clip ${i}`,
      description: `Clip number ${i}`,
      clip,
    });
  }
  const auroraTitle = 'Aurora borealis timelapse';
  const auroraId = await publishByApi(page.request, creator, {
    title: auroraTitle,
    description: 'Northern lights over the fjord',
    clip,
  });
  const viewerContext = await browser.newContext();
  const viewer = await registerByApi(viewerContext.request, 'fan');
  const viewerAuth = { authorization: `Bearer ${viewer.token}` };
  await viewerContext.request.patch(`/api/v1/videos/${auroraId}/views`, {
    headers: viewerAuth,
    data: {},
  });
  await viewerContext.request.post(`/api/v1/likes/video/${auroraId}/toggle`, {
    headers: viewerAuth,
  });
  await viewerContext.close();

  // Home: nine at a time, Load More shows nine more. Other spec files may have published
  // videos on the same site before this one, so the expected count comes from the server.
  const listed = await page.request.get('/api/v1/videos?page=1&limit=1');
  // One video a page: the number of pages is the number of published videos.
  const total = ((await listed.json()) as { data: { totalPages: number } }).data.totalPages;
  expect(total).toBeGreaterThanOrEqual(11);
  await page.goto('/');
  const cards = page.getByRole('main').locator('article');
  await expect(cards).toHaveCount(9);
  await page.getByRole('button', { name: 'Load More Videos' }).click();
  await expect(cards).toHaveCount(Math.min(total, 18));
  if (total <= 18) {
    await expect(page.getByRole('button', { name: 'Load More Videos' })).toHaveCount(0);
  }

  // Trending: the watched video ranks #1 and is HOT.
  await page.goto('/trending');
  await expect(page.getByRole('heading', { name: 'Trending Right Now' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('article').first()).toContainText(auroraTitle);
  await expect(main.getByText('#1', { exact: true })).toBeVisible();
  await expect(main.getByText('HOT', { exact: true })).toHaveCount(3);

  // Search with a typo lands on the video.
  await page.getByRole('searchbox', { name: 'Search videos and channels' }).first().fill('aurrora');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=aurrora/);
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: auroraTitle }).first().click();
  await expect(page).toHaveURL(new RegExp(`/video/${auroraId}$`));
  await expect(page.getByRole('heading', { name: auroraTitle })).toBeVisible();

  // Channel page: its three tabs.
  await page.goto(`/channel/${creator.id}`);
  const tabs = page.getByRole('tablist', { name: 'Channel sections' });
  await expect(tabs).toBeVisible();
  await expect(page.getByRole('tabpanel').locator('article').first()).toBeVisible();
  await tabs.getByRole('tab', { name: /Tweets/ }).click();
  await expect(page.getByText('No tweets yet')).toBeVisible();
  await tabs.getByRole('tab', { name: /About/ }).click();
  await expect(page.getByText('Channel Information')).toBeVisible();

  // Dashboard: the three tabs.
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('link', { name: 'View Full Analytics' })).toBeVisible();
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByText('Content Management')).toBeVisible();
  await expect(page.getByText('Published').first()).toBeVisible();

  // Analytics: one like on one view is a 100.0% engagement rate.
  await page.goto('/about');
  const engagement = page
    .locator('div', { has: page.getByText('Engagement Rate', { exact: true }) })
    .last();
  await expect(engagement).toContainText('100.0%');

  await creatorContext.close();
});
