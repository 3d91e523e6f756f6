import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { registerByApi, type ApiUser } from '../fixtures/api';

// Issue 21 item 5's e2e, three people in three browser contexts: B reports A's tweet from the
// tweets page, a moderator (the e2e server's ADMIN_USERNAME) hides it from /moderation, B is
// told on the bell, and A sees why on their own tweet. Screens at 1366 and 390 px.
test.use({ viewport: { width: 1366, height: 900 } });

const baseOrigin = `http://localhost:${process.env.E2E_PORT ?? 3210}`;

async function person(browser: Browser, prefix: string, username?: string) {
  const context = await browser.newContext();
  const user = await registerByApi(context.request, prefix, username ? { username } : {});
  return { context, user };
}

/** A fresh session, so the role given at registration is read at once. */
async function signInAgain(context: BrowserContext, user: ApiUser) {
  const res = await context.request.post('/api/v1/users/login', {
    headers: { origin: baseOrigin },
    data: { email: `${user.username}@example.test`, password: 'correct horse battery' },
  });
  expect(res.status()).toBe(200);
}

test('B reports a tweet, a moderator hides it, B is told, and A sees why', async ({ browser }) => {
  const a = await person(browser, 'anna');
  const b = await person(browser, 'bert');
  const moderator = await person(browser, 'mod', 'e2e_admin');
  try {
    const content = `Buy followers cheap ${Date.now()}`;
    const posted = await a.context.request.post('/api/v1/tweets', {
      headers: { authorization: `Bearer ${a.user.token}`, origin: baseOrigin },
      data: { content },
    });
    expect(posted.status()).toBe(201);

    // B reports it from /tweets, with the keyboard-reachable menu beside it.
    const bPage = await b.context.newPage();
    await bPage.goto('/tweets');
    await bPage.getByRole('button', { name: 'All Tweets' }).click();
    const tweet = bPage.getByRole('article', { name: `Tweet by ${a.user.username}` });
    await expect(tweet).toContainText(content);
    await tweet.getByRole('button', { name: /^More actions/ }).click();
    await bPage.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = bPage.getByRole('dialog', { name: /^Report tweet/ });
    await dialog.getByRole('radio', { name: 'Spam or misleading' }).check();
    await dialog.getByRole('textbox').fill('Sells fake followers');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(bPage.getByText('Thanks. Moderators will review your report.')).toBeVisible();
    const bell = bPage.getByRole('banner').getByRole('button', { name: /notifications$/i });
    await expect(bell).toHaveAccessibleName('Notifications');

    // The moderator hides it from the queue.
    await signInAgain(moderator.context, moderator.user);
    const modPage = await moderator.context.newPage();
    await modPage.goto('/moderation');
    const card = modPage.getByRole('listitem', { name: `Tweet by @${a.user.username}` });
    await expect(card).toContainText(content);
    await expect(card).toContainText(`@${b.user.username}: Spam or misleading`);
    await modPage.screenshot({
      path: test.info().outputPath('moderation-1366.png'),
      fullPage: true,
    });
    // At phone width, drawn afresh (the sidebar is a closed drawer there).
    await modPage.setViewportSize({ width: 390, height: 844 });
    await modPage.reload();
    await expect(card).toContainText(content);
    await modPage.screenshot({
      path: test.info().outputPath('moderation-390.png'),
      fullPage: true,
    });
    await card.getByRole('textbox', { name: /Reason/ }).fill('Spam');
    await card.getByRole('button', { name: 'Hide' }).click();
    await expect(modPage.getByText('No open reports. All caught up.')).toBeVisible();

    // B is told, live on the bell.
    await expect(bell).toHaveAccessibleName('1 unread notifications');
    await bell.click();
    const panel = bPage.getByRole('region', { name: 'Notifications' });
    await expect(
      panel.getByRole('link', {
        name: new RegExp(`Your report was handled: a moderator hid a tweet by ${a.user.username}`),
      }),
    ).toBeVisible();

    // B no longer sees it; A sees it, and why.
    await bPage.goto('/tweets');
    await bPage.getByRole('button', { name: 'All Tweets' }).click();
    await expect(bPage.getByText(content)).toHaveCount(0);
    const aPage = await a.context.newPage();
    await aPage.goto('/tweets');
    await aPage.getByRole('button', { name: 'All Tweets' }).click();
    const own = aPage.getByRole('article', { name: `Tweet by ${a.user.username}` });
    await expect(own).toContainText(content);
    await expect(own.getByRole('note')).toContainText('Hidden by a moderator: Spam');
    await aPage.screenshot({ path: test.info().outputPath('hidden-1366.png') });
    await aPage.setViewportSize({ width: 390, height: 844 });
    await aPage.reload();
    await aPage.getByRole('button', { name: 'All Tweets' }).click();
    await expect(own.getByRole('note')).toBeVisible();
    await aPage.screenshot({ path: test.info().outputPath('hidden-390.png') });
  } finally {
    await a.context.close();
    await b.context.close();
    await moderator.context.close();
  }
});
