import { chromium, request as pwRequest } from '@playwright/test';
import { makeClip } from './fixtures/clip';
import { publishByApi, registerByApi } from './fixtures/api';

const base = 'http://127.0.0.1:3301';
const main = async () => {
  const request = await pwRequest.newContext({ baseURL: base });
  const user = await registerByApi(request, 'shot');
  const clip = makeClip(20);
  const ids: string[] = [];
  for (const title of ['Sunset over the harbour', 'How compilers work', 'Morning jazz session', 'Mountain trail run']) {
    ids.push(await publishByApi(request, user, { title, description: 'demo', clip }));
  }
  const auth = { authorization: `Bearer ${user.token}`, origin: base };
  await new Promise((r) => setTimeout(r, 4000));
  console.log(await (await request.put(`/api/v1/users/watchHistory/${ids[1]}`, { headers: auth, data: { positionSeconds: 10 } })).text());
  await request.put(`/api/v1/users/watchHistory/${ids[2]}`, { headers: auth, data: { positionSeconds: 16 } });
  console.log(await (await request.post(`/api/v1/playlists/watch-later/${ids[0]}`, { headers: auth })).text());
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const [w, h] of [[390, 844], [1366, 800]] as const) {
    for (const theme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width: w, height: h } });
      await page.goto(base + '/');
      await page.evaluate(([t, th]) => { localStorage.setItem('accessToken', t); localStorage.setItem('theme', th); }, [user.token, theme]);
      await page.goto(base + '/');
      await page.waitForSelector('article h3');
      await page.waitForTimeout(2500);
      const card = page.locator('article').filter({ hasText: 'How compilers work' }).first();
      await card.scrollIntoViewIfNeeded();
      if (w > 400) await card.hover();
      await page.screenshot({ path: `/tmp/coll-shots/home-${w}-${theme}.png` });
      await page.close();
    }
  }
  // Search at 1366 light, keyboard focus on a Watch later button.
  const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  await page.goto(base + '/');
  await page.evaluate((t) => localStorage.setItem('accessToken', t), user.token);
  await page.goto(base + '/search?q=jazz');
  await page.waitForTimeout(3000);
  await page.locator('button[aria-label^="Save Morning jazz"]').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await page.screenshot({ path: `/tmp/coll-shots/search-1366-light.png` });
  await browser.close();
};
void main();
