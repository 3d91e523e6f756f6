import { randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { publishByApi, registerByApi, type ApiUser } from '../fixtures/api';
import { makeClip } from '../fixtures/clip';

// Issue 11's e2e: playlists, resume, history, liked and library, for one signed-in viewer.
// The tests share that viewer and build on each other (the library needs the history, the
// likes and the playlist made before it), so they run in order in one browser context.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1366, height: 900 } });

const tag = randomBytes(2).toString('hex');
const first = `Harbour dawn ${tag}`;
const second = `Forest rain ${tag}`;
const long = `Mountain pass ${tag}`;
const playlistName = `Evening mix ${tag}`;

let context: BrowserContext;
let page: Page;
let viewer: ApiUser;
const ids: Record<string, string> = {};
let playlistId = '';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  // Two short clips for the playlist (it moves on when one ends) and one long enough to
  // resume from its middle (the offer leaves out the first and last 5 seconds).
  const short = makeClip(3, '320x180');
  const twelve = makeClip(12, '320x180');

  const creatorContext = await browser.newContext();
  const creator = await registerByApi(creatorContext.request, 'maker');
  ids[first] = await publishByApi(creatorContext.request, creator, {
    title: first,
    description: 'Boats at first light',
    clip: short,
  });
  ids[second] = await publishByApi(creatorContext.request, creator, {
    title: second,
    description: 'Drops on leaves',
    clip: short,
  });
  ids[long] = await publishByApi(creatorContext.request, creator, {
    title: long,
    description: 'A long climb',
    clip: twelve,
  });
  await creatorContext.close();

  // The viewer signs up through the API; the context's pages share its session cookies.
  context = await browser.newContext();
  viewer = await registerByApi(context.request, 'keeper');
  const liked = await context.request.post(`/api/v1/likes/video/${ids[second]}/toggle`, {
    headers: { authorization: `Bearer ${viewer.token}` },
  });
  expect(liked.ok()).toBe(true);
  page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('link', { name: `Your profile (${viewer.username})` })).toBeVisible();
});

test.afterAll(async () => {
  await context?.close();
});

/** Moves the playing video to just before its end, through the video element. */
async function seekNearEnd(target: Page) {
  const video = target.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 })
    .toBeGreaterThan(1);
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = Math.max(0, v.duration - 0.4);
  });
}

test('a playlist built from the Save dropdown is reordered and played through', async () => {
  // Create-and-add from the watch page's Save dropdown.
  await page.goto(`/video/${ids[first]}`);
  await expect(page.getByRole('heading', { name: first })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Save to playlist' });
  await expect(panel.getByText('You have no playlists yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Create new playlist' }).click();
  await panel.getByLabel('Playlist name').fill(playlistName);
  await expect(panel.getByText(`${playlistName.length}/50 characters`)).toBeVisible();
  await panel.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText(`Added to ${playlistName}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The second video goes into the same playlist from its own watch page.
  await page.goto(`/video/${ids[second]}`);
  await expect(page.getByRole('heading', { name: second })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await panel
    .getByRole('list', { name: 'Your playlists' })
    .getByRole('button', { name: playlistName })
    .click();
  await expect(page.getByText(`Added to ${playlistName}`)).toBeVisible();

  const mine = await page.request.get(`/api/v1/playlists/user/${viewer.id}`);
  const playlist = ((await mine.json()).data as { _id: string; name: string }[]).find(
    (p) => p.name === playlistName,
  );
  expect(playlist).toBeDefined();
  playlistId = playlist!._id;

  // Reorder on the playlist page with the keyboard: the second video moves up.
  await page.goto(`/playlist/${playlistId}`);
  await expect(page.getByRole('heading', { name: playlistName, level: 1 })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Videos in this playlist' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(first);
  await page.getByRole('button', { name: `Move ${second} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(rows.nth(0)).toContainText(second);
  await expect(rows.nth(1)).toContainText(first);
  // The server kept the new order: it survives a reload.
  await page.reload();
  await expect(rows.nth(0)).toContainText(second);

  // Play All starts the (new) first video with the playlist beside the player.
  await page.getByRole('link', { name: 'Play All' }).click();
  await expect(page).toHaveURL(new RegExp(`/video/${ids[second]}\\?playlist=${playlistId}$`));
  const queue = page.getByRole('region', { name: `Playlist: ${playlistName}` });
  await expect(queue.getByText('1 / 2')).toBeVisible();
  await expect(queue.locator('[aria-current="true"]')).toContainText(second);

  // When it ends, the player moves on to the second video, after the Up next countdown.
  await page.getByRole('button', { name: 'Play video' }).click();
  await seekNearEnd(page);
  await expect(page.getByText(/^Up next in \d s$/)).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(new RegExp(`/video/${ids[first]}\\?playlist=${playlistId}$`), {
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: first })).toBeVisible();
  await expect(queue.getByText('2 / 2')).toBeVisible();
  await expect(queue.locator('[aria-current="true"]')).toContainText(first);
});

test('a video watched halfway offers to resume where it stopped', async () => {
  await page.goto(`/video/${ids[long]}`);
  await expect(page.getByRole('heading', { name: long })).toBeVisible();
  // Nothing to resume on the first visit.
  await expect(page.getByRole('button', { name: /^Resume from/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Play video' }).click();
  const video = page.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  // Halfway, then pause: the player keeps the position (PUT /users/watchHistory/{id}).
  const saved = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().includes(`/users/watchHistory/${ids[long]}`),
  );
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 6.2;
    v.pause();
  });
  expect((await saved).postDataJSON()).toEqual({ positionSeconds: 6 });
  await (await (await saved).response())?.finished();

  // Coming back: the offer, and resuming jumps there.
  await page.goto('/');
  await page.goto(`/video/${ids[long]}`);
  await expect(page.getByText('You stopped at 0:06 last time.')).toBeVisible();
  await page.getByRole('button', { name: 'Resume from 0:06' }).click();
  await expect(page.getByRole('button', { name: 'Resume from 0:06' })).toHaveCount(0);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThanOrEqual(6);
});

test('cards show the part watched and save to Watch later in one click', async () => {
  await page.goto(`/search?q=${encodeURIComponent(long)}`);
  const card = page.locator('article').filter({ hasText: long }).first();
  // Watched past 0:06 of 0:12 in the test before: half the bar or more (the thumbnail's link,
  // bar included, is for pointers only, so the bar is found by its test id).
  const bar = card.getByTestId('watched-bar');
  await expect(bar).toBeVisible();
  const watched = Number((await bar.getAttribute('aria-label'))?.match(/Watched (\d+)%/)?.[1]);
  expect(watched).toBeGreaterThanOrEqual(50);
  const save = card.getByRole('button', { name: `Save ${long} to Watch later` });
  await card.hover();
  await save.click();
  await expect(page.getByText('Saved to Watch later')).toBeVisible();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  // And out again, leaving Watch later as the next tests expect it.
  await save.click();
  await expect(page.getByText('Removed from Watch later')).toBeVisible();
  await expect(save).toHaveAttribute('aria-pressed', 'false');
});

test('the library shows history, liked videos and playlists', async () => {
  await page.goto('/library');
  await expect(page.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
  const tiles = page.getByRole('navigation', { name: 'Library' });
  for (const [name, href] of [
    ['History', '/history'],
    ['Liked Videos', '/liked'],
    ['Playlists', '/playlists'],
    ['Subscriptions', '/subscriptions'],
  ] as const) {
    await expect(tiles.getByRole('link', { name })).toHaveAttribute('href', href);
  }

  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(history).toContainText(long);
  await expect(history.getByRole('link', { name: 'View all History' })).toHaveAttribute(
    'href',
    '/history',
  );

  const liked = page.getByRole('region', { name: 'Liked Videos' });
  await expect(liked).toContainText(second);
  await expect(liked.getByRole('link', { name: 'View all Liked Videos' })).toHaveAttribute(
    'href',
    '/liked',
  );

  const playlists = page.getByRole('region', { name: 'Playlists' });
  await expect(playlists).toContainText(playlistName);
  await expect(playlists.getByRole('link', { name: 'View all Playlists' })).toHaveAttribute(
    'href',
    '/playlists',
  );
  await expect(page.getByText('Your library is empty')).toHaveCount(0);
});

test('unliking from the liked page removes the video', async () => {
  await page.goto('/liked');
  await expect(page.getByRole('heading', { name: 'Liked Videos', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Liked videos' });
  await expect(list).toContainText(second);
  await page.getByRole('button', { name: `Unlike ${second}` }).click();
  await expect(page.getByText('No liked videos yet')).toBeVisible();

  // The server agrees, and the watch page shows it unliked.
  const after = await page.request.get(`/api/v1/likes/videos/${viewer.id}`);
  expect((await after.json()).data).toEqual([]);
  await page.goto(`/video/${ids[second]}`);
  await expect(page.getByRole('button', { name: /^Like/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('clearing history asks first, then empties it', async () => {
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'Watch History', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Watched videos' });
  await expect(list).toContainText(long);

  // Dismissing the confirmation keeps everything.
  page.once('dialog', async (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to clear your entire watch history?');
    await dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(list).toContainText(long);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByText('No history yet')).toBeVisible();

  // The server was told: the list stays empty after a reload.
  await page.reload();
  await expect(page.getByText('No history yet')).toBeVisible();
});
