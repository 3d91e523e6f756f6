import { expect, test } from '@playwright/test';
import { publishByApi, registerByApi } from '../fixtures/api';
import { makeClip } from '../fixtures/clip';

// Issue 21 item 1's e2e: two people in two browser contexts. A comments on B's video through
// the watch page; B, on another page, sees the bell's count rise live (the socket, decision
// 0035), opens the panel and follows the entry to the comment.
test.use({ viewport: { width: 1366, height: 900 } });

test('B sees A’s comment arrive on the bell live and opens it', async ({ browser }) => {
  const aContext = await browser.newContext();
  const bContext = await browser.newContext();
  try {
    const a = await registerByApi(aContext.request, 'anna');
    const b = await registerByApi(bContext.request, 'bert');
    const title = `Bert's clip ${Date.now()}`;
    const videoId = await publishByApi(bContext.request, b, {
      title,
      description: 'A clip to comment on',
      clip: makeClip(),
    });

    const bPage = await bContext.newPage();
    await bPage.goto('/');
    const bell = bPage.getByRole('banner').getByRole('button', { name: /notifications$/i });
    await expect(bell).toHaveAccessibleName('Notifications');

    const aPage = await aContext.newPage();
    await aPage.goto(`/video/${videoId}`);
    const text = `Great shot, @${b.username}!`;
    await aPage.getByRole('combobox', { name: 'Add a comment' }).fill(text);
    await aPage.getByRole('button', { name: 'Post' }).click();
    await expect(aPage.getByText(text)).toBeVisible();

    // Live: no reload on B's page.
    await expect(bell).toHaveAccessibleName('1 unread notifications');
    await expect(bell.getByTestId('notification-count')).toHaveText('1');
    await bell.click();
    const panel = bPage.getByRole('region', { name: 'Notifications' });
    const entry = panel.getByRole('link', { name: new RegExp(`${a.username} commented on`) });
    await expect(entry).toContainText(text);
    await entry.click();

    await expect(bPage).toHaveURL(new RegExp(`/video/${videoId}#comment-`));
    const commentId = new URL(bPage.url()).hash.slice(1);
    const comment = bPage.locator(`[id="${commentId}"]`);
    await expect(comment).toContainText(text);
    await expect(comment).toBeInViewport();
    // Opened, it is read.
    await expect(bell).toHaveAccessibleName('Notifications');
  } finally {
    await aContext.close();
    await bContext.close();
  }
});
