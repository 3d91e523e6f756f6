import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { publishByApi, registerByApi, type ApiUser } from '../fixtures/api';
import { makeClip } from '../fixtures/clip';

/*
 * Issue 19: every route of the app, signed out and signed in, light and dark, at 390 and 1366 px,
 * passes axe-core without a serious or critical violation (nor a skipped heading level). One
 * page per person: each route is opened once, then the width and the colour scheme change in
 * place (the app follows the system's scheme until someone chooses), so the whole tour stays
 * within about two minutes. A visitor's tour also makes no failing request and logs no error.
 */
test.describe.configure({ mode: 'serial' });

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const widths = [1366, 390] as const;
const schemes = ['light', 'dark'] as const;

interface Seed {
  creator: ApiUser;
  videoId: string;
  playlistId: string;
  conversationId: string;
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Every route of the app (spec §2.1), with the seeded ids filled in. */
function routesOf(seed: Seed): string[] {
  return [
    '/',
    '/category/music',
    '/trending',
    `/video/${seed.videoId}`,
    `/channel/${seed.creator.id}`,
    `/channel/${seed.creator.id}/about`,
    '/about',
    '/search?q=aurora',
    '/dashboard',
    '/upload',
    '/tweets',
    '/subscriptions',
    '/library',
    '/history',
    '/liked',
    '/my-videos',
    '/playlists',
    `/playlist/${seed.playlistId}`,
    '/requests',
    '/notifications',
    '/messages/conversations',
    `/messages/conversations/${seed.conversationId}`,
    '/profile/edit',
    '/settings/sessions',
    '/profile/videos',
    '/profile/tweets',
    '/profile/subscribers',
    '/profile/analytics',
    '/profile/requests',
    '/no-such-page',
    '/login',
    '/register',
  ];
}

async function callApi(
  request: APIRequestContext,
  user: ApiUser,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<unknown> {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${user.token}` },
    data,
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}

/**
 * One data set for every page: the creator (the signed-in person of the tour) has a video, a
 * tweet, a comment, a playlist, a like, a subscription, a chat with messages both ways and a
 * pending message request.
 */
async function seed(browser: Browser, creatorContext: BrowserContext): Promise<Seed> {
  const creator = await registerByApi(creatorContext.request, 'a11y');
  const videoId = await publishByApi(creatorContext.request, creator, {
    title: 'Aurora over the fjord',
    description: 'Northern lights, one quiet night.',
    clip: makeClip(2, '320x180'),
  });
  const as = (method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) =>
    callApi(creatorContext.request, creator, method, path, data);
  await as('POST', '/tweets', { content: 'New video is up: the aurora!' });
  await as('POST', `/comments/${videoId}`, { content: 'Filmed at minus twenty.' });
  const playlist = (await as('POST', '/playlists', { name: 'Night skies' })) as { _id: string };
  await as('POST', `/playlists/${playlist._id}/videos/${videoId}`);
  await as('PATCH', `/videos/${videoId}/views`, {});
  await as('POST', `/likes/video/${videoId}/toggle`);

  // One context each: a context holding someone's cookies may not register another.
  const fanContext = await browser.newContext();
  const askerContext = await browser.newContext();
  const fan = await registerByApi(fanContext.request, 'fan');
  const asker = await registerByApi(askerContext.request, 'asker');
  await as('POST', `/subscriptions/toggle/${fan.id}`);
  await callApi(fanContext.request, fan, 'POST', '/messages/requests', {
    receiverId: creator.id,
    content: 'Loved the aurora video!',
  });
  const pending = (await as('GET', '/messages/requests')) as {
    _id: string;
    sender: { _id: string };
  }[];
  const fromFan = pending.find((r) => r.sender._id === fan.id);
  const accepted = (await as('PATCH', `/messages/requests/${fromFan?._id}`, {
    action: 'accept',
  })) as { conversationId: string };
  await as('POST', `/messages/conversations/${accepted.conversationId}/messages`, {
    content: 'Thank you! More coming soon.',
  });
  await callApi(askerContext.request, asker, 'POST', '/messages/requests', {
    receiverId: creator.id,
    content: 'Can we collaborate?',
  });
  await fanContext.close();
  await askerContext.close();
  return { creator, videoId, playlistId: playlist._id, conversationId: accepted.conversationId };
}

/** Opens a route and waits until its data has arrived (no skeleton left). */
async function open(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 5_000 });
}

/** axe-core's serious and critical violations of the page as it is, and skipped heading levels. */
async function audit(page: Page): Promise<Violation[]> {
  // Evaluated over the DevTools protocol: the page's CSP (no inline scripts) stays in force.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(...args: unknown[]): Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: Violation[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order',
  );
}

/** Audits every route in every width and scheme; answers the failures, described. */
async function tour(page: Page, routes: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: widths[0], height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, route);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      for (const colorScheme of schemes) {
        await page.emulateMedia({ colorScheme });
        // Two frames: the theme and the layout have been drawn; then the colour transitions
        // the switch started (`transition-colors`, 150 ms) have ended, so axe reads the colours
        // people see, not a frame halfway from the other theme's.
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        );
        await page.waitForFunction(
          () =>
            document
              .getAnimations()
              .every((a) => a.constructor.name !== 'CSSTransition' || a.playState === 'finished'),
          undefined,
          { timeout: 5_000 },
        );
        for (const v of await audit(page)) {
          const where = v.nodes
            .slice(0, 3)
            .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`.trim())
            .join('\n      ');
          failures.push(
            `${route} ${width}px ${colorScheme}: [${v.impact}] ${v.id}: ${v.help}\n      ${where}`,
          );
        }
      }
    }
  }
  return failures;
}

let seeded: Seed;
let creatorContext: BrowserContext;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  // Reduced motion: no colour transition is caught half way by the contrast check.
  creatorContext = await browser.newContext({ reducedMotion: 'reduce' });
  seeded = await seed(browser, creatorContext);
});

test.afterAll(async () => {
  await creatorContext?.close();
});

test('a visitor: every route passes axe, with no failing request and no console error', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // A download the page itself dropped (leaving a page while the video loads) is no failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') {
      problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
    }
  });

  const failures = await tour(page, routesOf(seeded));

  expect({ failures, problems }, [...failures, ...problems].join('\n')).toEqual({
    failures: [],
    problems: [],
  });
  await context.close();
});

test('signed in: every route passes axe', async () => {
  test.setTimeout(180_000);
  const page = await creatorContext.newPage();
  await page.goto('/');
  await expect(
    page.getByRole('link', { name: `Your profile (${seeded.creator.username})` }),
  ).toBeVisible();

  const failures = await tour(page, routesOf(seeded));

  expect(failures, failures.join('\n')).toEqual([]);
});

test('the first visit follows the system scheme; a choice is remembered over it', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/');
  const root = page.getByTestId('theme-root');
  await expect(root).toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(root).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(root).not.toHaveClass(/\bdark\b/);
  await context.close();

  const light = await browser.newContext({ colorScheme: 'light' });
  const lightPage = await light.newPage();
  await lightPage.goto('/');
  await expect(lightPage.getByTestId('theme-root')).not.toHaveClass(/\bdark\b/);
  await light.close();
});

test('the site is installable: a manifest with 192 and 512 px icons', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Kinora', start_url: '/', display: 'standalone' });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
    expect(icon, size).toBeTruthy();
    const image = await page.request.get(icon!.src);
    expect(image.headers()['content-type']).toBe('image/png');
    const bytes = await image.body();
    // A PNG's width and height sit at bytes 16 and 20.
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(size);
  }
  // Chromium's own check: the manifest parsed without errors, so the site can be installed.
  const session = await page.context().newCDPSession(page);
  const { errors } = (await session.send('Page.getAppManifest')) as { errors: unknown[] };
  expect(errors).toEqual([]);
});
