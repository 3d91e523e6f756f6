import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { publishByApi, registerByApi } from '../fixtures/api';
import { makeClip } from '../fixtures/clip';

// Issue 22 item 6: a video's link pasted into a chat app shows a card. The app fetches the
// page as any client does, without running its script, and reads the card tags; the page
// then opens as the same single-page app in Chromium, with the tags still there.
test('a pasted link’s page carries the card tags, and opens as the app', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const creator = await registerByApi(context.request, 'sharer');
  const title = `Harbour lights ${randomBytes(3).toString('hex')}`;
  const id = await publishByApi(context.request, creator, {
    title,
    description: 'Boats <b>coming</b> home at dusk',
    clip: makeClip(2, '320x180'),
  });

  // What a chat app's preview fetcher sees: the tags in the HTML itself.
  const fetched = await request.get(`/video/${id}`, { headers: { 'user-agent': 'Slackbot 1.0' } });
  expect(fetched.status()).toBe(200);
  const html = await fetched.text();
  const tag = (property: string) =>
    new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
  expect(tag('og:title')).toBe(title);
  expect(tag('og:type')).toBe('video.other');
  expect(tag('og:url')).toMatch(new RegExp(`/video/${id}$`));
  expect(tag('og:description')).toBe('Boats &#60;b&#62;coming&#60;/b&#62; home at dusk');
  expect(tag('twitter:card')).toBeTruthy();
  expect(html).toMatch(
    /<link rel="alternate" type="application\/json\+oembed" href="[^"]*\/api\/v1\/oembed\?url=/,
  );

  // A person who follows the link gets the app, the tags unchanged in its head.
  const page = await context.newPage();
  await page.goto(`/video/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
  await context.close();
});
