import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUp } from '../fixtures/accounts';
import { makeHevcMov } from '../fixtures/clip';
import { solidPng } from '../fixtures/images';

// Issue 22 item 1: a phone's HEVC .mov, which this Chromium cannot decode, shows a picture within
// seconds of its upload (its ladder, made in one run, played while it grows: decisions 0054 and
// 0057), never a frozen frame with sound.
test('an HEVC .mov uploaded from a phone plays a picture within seconds', async ({ page }) => {
  test.setTimeout(180_000);
  // 720p: a ladder of two rungs (360p, 720p) made together. 20 s: five segments of 4 s, so the
  // ladder plays once two of each exist, while it is still made.
  const clip = makeHevcMov(20, '1280x720');
  // Where the element first played from, whatever source it had (media events do not bubble,
  // but a listener on the document sees them while they are captured).
  await page.addInitScript(() => {
    document.addEventListener(
      'playing',
      (event) => {
        const target = event.target as HTMLVideoElement;
        const w = window as Window & { firstPlayingAt?: number };
        w.firstPlayingAt ??= target.currentTime;
      },
      true,
    );
  });
  const title = `Phone clip ${Date.now()}`;
  await signUp(page, 'phone');

  await page.goto('/upload');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('HEVC in QuickTime, as a phone records.');
  await page.getByLabel('Video File').setInputFiles({
    name: 'phone.mov',
    mimeType: 'video/quicktime',
    buffer: readFileSync(clip),
  });
  await page.getByLabel('Thumbnail').setInputFiles({
    name: 'thumb.png',
    mimeType: 'image/png',
    buffer: solidPng(320, 180, [200, 80, 40]),
  });
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 60_000 });
  const uploaded = Date.now();

  const listed = await page.request.get(`/api/v1/videos?query=${encodeURIComponent(title)}`);
  const video = (await listed.json()).data.videos.find((v: { title: string }) => v.title === title);
  expect(video).toMatchObject({ originalPlayable: false });
  expect(video.originalCodecs).toMatch(/^hvc1\./);

  await page.goto(`/video/${video._id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // Until the ladder's first segments exist the page says so instead of playing the original.
  const player = page.getByRole('region', { name: 'Video player' });
  const preparing = page.getByText(/^Preparing your video… about \d+ s$/);
  await expect(player.or(preparing)).toBeVisible();
  // Read in one go: the page may switch to the player between two separate looks.
  const shown = await page.evaluate(() => ({
    preparing: /Preparing your video… about \d+ s/.test(document.body.innerText),
    videos: document.querySelectorAll('video').length,
  }));
  if (shown.preparing) {
    expect(shown.videos).toBe(0);
    await page.screenshot({ path: test.info().outputPath('preparing.png') });
  }

  // The player comes on the same page (no reload), and it shows a picture that moves.
  await expect(player).toBeVisible({ timeout: 60_000 });
  await player.getByRole('button', { name: 'Play video' }).click();
  const element = page.locator('video');
  await expect
    .poll(() => element.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  const picture = await element.evaluate((v: HTMLVideoElement) => ({
    width: v.videoWidth,
    height: v.videoHeight,
    source: v.currentSrc,
    frames: v.getVideoPlaybackQuality().totalVideoFrames,
  }));
  expect(picture.width).toBeGreaterThan(0);
  expect(picture.height).toBeGreaterThan(0);
  expect(picture.frames).toBeGreaterThan(0);
  expect(picture.source).not.toMatch(/original\./);
  // From the start, not from the end of what existed then (a growing playlist looks live).
  expect(
    await page.evaluate(() => (window as Window & { firstPlayingAt?: number }).firstPlayingAt),
  ).toBeLessThan(4);
  // The length shown is the video's, not the part made so far (before the end or after it).
  await expect(player.getByRole('slider', { name: 'Seek' })).toHaveAttribute(
    'aria-valuetext',
    /of 0:(19|20)$/,
  );
  test.info().annotations.push({
    type: 'upload to moving picture',
    description: `${((Date.now() - uploaded) / 1000).toFixed(1)} s`,
  });
});
