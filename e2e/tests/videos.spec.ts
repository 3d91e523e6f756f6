import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUp } from '../fixtures/accounts';
import { makeClip } from '../fixtures/clip';
import { solidPng } from '../fixtures/images';

test('a creator uploads a clip that plays; another viewer likes, comments and subscribes', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const clip = makeClip();
  const title = `Test pattern ${Date.now()}`;

  // The creator uploads through the Upload page.
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await signUp(creator, 'creator');
  await creator.goto('/upload');
  await creator.getByLabel('Title').fill(title);
  await creator.getByLabel('Description').fill('Colour bars and a tone, made by ffmpeg.');
  await creator.getByLabel('Video File').setInputFiles({
    name: 'clip.mp4',
    mimeType: 'video/mp4',
    buffer: readFileSync(clip),
  });
  await creator.getByLabel('Thumbnail').setInputFiles({
    name: 'thumb.png',
    mimeType: 'image/png',
    buffer: solidPng(320, 180, [30, 120, 200]),
  });
  await creator.getByRole('button', { name: 'Upload Video' }).click();
  await expect(creator).toHaveURL(/\/$/, { timeout: 60_000 });

  const listed = await creator.request.get(`/api/v1/videos?query=${encodeURIComponent(title)}`);
  const video = (await listed.json()).data.videos.find((v: { title: string }) => v.title === title);
  expect(video).toBeDefined();

  // It plays: the video element's time advances.
  await creator.goto(`/video/${video._id}`);
  await expect(creator.getByRole('heading', { name: title })).toBeVisible();
  await creator.getByRole('button', { name: 'Play video' }).click();
  const element = creator.locator('video');
  await expect
    .poll(() => element.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);

  // Another viewer likes, comments and subscribes.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signUp(viewer, 'viewer');
  await viewer.goto(`/video/${video._id}`);
  await expect(viewer.getByRole('heading', { name: title })).toBeVisible();

  await viewer.getByRole('button', { name: /^Like/ }).click();
  await expect(viewer.getByRole('button', { name: /^Liked/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await viewer.getByPlaceholder('Add a comment…').fill('Lovely colours!');
  await viewer.getByRole('button', { name: 'Post' }).click();
  await expect(viewer.getByText('Lovely colours!')).toBeVisible();

  await viewer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(viewer.getByRole('button', { name: 'Subscribed' })).toBeVisible();

  // The server agrees.
  const after = await (await viewer.request.get(`/api/v1/videos/${video._id}`)).json();
  expect(after.data).toMatchObject({ likes: 1, comments: 1 });
  expect(after.data.owner.subscribersCount).toBe(1);

  await creatorContext.close();
  await viewerContext.close();
});
