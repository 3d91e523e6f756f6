import { expect, test, type Page } from '@playwright/test';
import { publishByApi, registerByApi } from '../fixtures/api';
import { makeClip } from '../fixtures/clip';

// Issue 21 item 3's e2e: two people talk under a creator's video in three browser contexts.
// A comments, B replies, A answers B's reply (the box starts with B's @name, A picks a name
// from the suggestions), A is told of B's reply and opens it in its thread; the creator pins
// A's comment and hearts B's reply, and B sees both. Screens are kept at 390 and 1366 px.
test.use({ viewport: { width: 1366, height: 900 } });

const commentsOf = (page: Page) => page.getByRole('region', { name: 'Comment list' });

test('two people reply in a thread; the creator pins and hearts', async ({ browser }, info) => {
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext()));
  const [aContext, bContext, cContext] = contexts as [
    (typeof contexts)[0],
    (typeof contexts)[0],
    (typeof contexts)[0],
  ];
  try {
    const a = await registerByApi(aContext.request, 'ann');
    const b = await registerByApi(bContext.request, 'ben');
    const c = await registerByApi(cContext.request, 'cleo');
    const videoId = await publishByApi(cContext.request, c, {
      title: `Cleo's clip ${Date.now()}`,
      description: 'A clip to talk about',
      clip: makeClip(),
    });

    // A comments.
    const aPage = await aContext.newPage();
    await aPage.goto(`/video/${videoId}`);
    const question = 'What lens was this shot on?';
    await aPage.getByRole('combobox', { name: 'Add a comment' }).fill(question);
    await aPage.getByRole('button', { name: 'Post' }).click();
    await expect(commentsOf(aPage).getByText(question)).toBeVisible();

    // B replies to it.
    const bPage = await bContext.newPage();
    await bPage.goto(`/video/${videoId}`);
    const aComment = commentsOf(bPage).getByRole('listitem').filter({ hasText: question });
    await aComment.getByRole('button', { name: 'Reply' }).first().click();
    const bBox = bPage.getByRole('combobox', { name: `Reply to @${a.username}` });
    await bBox.fill('A 35 mm prime, I think');
    await bBox.locator('xpath=ancestor::form').getByRole('button', { name: 'Reply' }).click();
    await expect(aComment.getByRole('button', { name: 'Hide replies' })).toBeVisible();
    await expect(aComment.getByText('A 35 mm prime, I think')).toBeVisible();

    // A is told of the reply and opens it in its thread.
    const bell = aPage.getByRole('banner').getByRole('button', { name: /notifications$/i });
    await expect(bell).toHaveAccessibleName('1 unread notifications');
    await bell.click();
    const entry = aPage
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', { name: new RegExp(`${b.username} replied to your comment`) });
    await entry.click();
    await expect(aPage).toHaveURL(new RegExp(`/video/${videoId}\\?thread=.+#comment-`));
    const replyId = new URL(aPage.url()).hash.slice(1);
    await expect(aPage.locator(`[id="${replyId}"]`)).toContainText('A 35 mm prime, I think');

    // A answers B's reply: the box starts with B's @name; A names the creator from the list.
    const bReply = aPage.locator(`[id="${replyId}"]`);
    await bReply.getByRole('button', { name: 'Reply' }).click();
    const aBox = aPage.getByRole('combobox', { name: `Reply to @${b.username}` });
    await expect(aBox).toHaveValue(`@${b.username} `);
    await aBox.pressSequentially('Thanks! And @' + c.username.slice(0, 3));
    await expect(aPage.getByRole('option', { name: new RegExp(`@${c.username}`) })).toBeVisible();
    await aBox.press('Enter');
    await aBox.pressSequentially('was it yours?');
    await aBox.locator('xpath=ancestor::form').getByRole('button', { name: 'Reply' }).click();
    const answer = `@${b.username} Thanks! And @${c.username} was it yours?`;
    await expect(commentsOf(aPage).getByText(answer)).toBeVisible();

    // The creator pins A's comment and hearts B's reply.
    const cPage = await cContext.newPage();
    await cPage.goto(`/video/${videoId}`);
    const thread = commentsOf(cPage).getByRole('listitem').filter({ hasText: question }).first();
    await thread.getByRole('button', { name: 'Pin', exact: true }).click();
    await expect(thread.getByText(`Pinned by @${c.username}`)).toBeVisible();
    await thread.getByRole('button', { name: 'View 2 replies' }).click();
    const replyOfB = thread.locator(`[id="${replyId}"]`);
    await replyOfB.getByRole('button', { name: 'Give creator heart' }).click();
    await expect(replyOfB.getByRole('button', { name: 'Remove creator heart' })).toBeVisible();
    await cPage.screenshot({ path: info.outputPath('threads-creator-1366.png'), fullPage: true });

    // B sees both, Top sorted, and nobody but the creator may pin.
    await bPage.reload();
    const sortBy = bPage.getByRole('group', { name: 'Sort comments by' });
    await sortBy.getByRole('button', { name: 'Top' }).click();
    const pinned = commentsOf(bPage).getByRole('listitem').first();
    await expect(pinned).toContainText(`Pinned by @${c.username}`);
    await expect(pinned.getByRole('button', { name: 'Pin', exact: true })).toHaveCount(0);
    await pinned.getByRole('button', { name: 'View 2 replies' }).click();
    await expect(
      pinned.getByRole('img', { name: `creator heart from @${c.username}` }),
    ).toBeVisible();

    await bPage.setViewportSize({ width: 390, height: 844 });
    await pinned.scrollIntoViewIfNeeded();
    await bPage.screenshot({ path: info.outputPath('threads-viewer-390.png'), fullPage: true });
  } finally {
    for (const context of contexts) await context.close();
  }
});
