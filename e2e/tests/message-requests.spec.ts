import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../fixtures/accounts';

async function myId(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/users/current-user');
  const body = (await res.json()) as { data: { _id: string } };
  return body.data._id;
}

test('a fan asks a creator to chat; the creator accepts; both see the conversation; block and unblock', async ({
  browser,
  baseURL,
}) => {
  // Two people sign up and use four screens: more than one test's default on a shared machine.
  test.setTimeout(180_000);
  const creatorContext = await browser.newContext();
  const fanContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  const fan = await fanContext.newPage();
  const creatorAccount = await signUp(creator, 'creator');
  const fanAccount = await signUp(fan, 'fan');
  const creatorId = await myId(creator);
  const fanId = await myId(fan);

  // The fan sends a request from the creator's channel.
  await fan.goto(`/channel/${creatorId}`);
  await fan.getByRole('button', { name: 'Message', exact: true }).click();
  const dialog = fan.getByRole('dialog', { name: /^Message / });
  await dialog.getByLabel('Message', { exact: true }).fill('  Hello! Loved your last video.  ');
  await expect(dialog.getByText('29/1000')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(fan.getByText('Message request sent successfully')).toBeVisible();
  await expect(fan.getByRole('button', { name: 'Request Pending' })).toBeDisabled();

  // The creator accepts it in the hub's requests tab.
  await creator.goto('/messages/conversations');
  await expect(creator.getByText('No conversations yet')).toBeVisible();
  await creator.getByRole('tab', { name: /^Message Requests/ }).click();
  await expect(creator.getByText('Hello! Loved your last video.')).toBeVisible();
  await creator
    .getByRole('button', { name: `Accept the request from ${fanAccount.username}` })
    .click();
  await expect(
    creator.getByText('Request accepted! You can now chat with this user.'),
  ).toBeVisible();
  const openChat = creator.getByRole('link', { name: 'Open Chat' });
  await expect(openChat).toHaveAttribute('href', /^\/messages\/conversations\/[0-9a-f-]{36}$/);
  const chatPath = await openChat.getAttribute('href');
  await expect(creator.getByText('No message requests')).toBeVisible();

  // Both have the conversation, opened by the request's text.
  await creator.getByRole('tab', { name: 'Conversations' }).click();
  const creatorList = creator.getByRole('list', { name: 'Conversations' });
  await expect(creatorList.getByRole('link')).toHaveCount(1);
  await expect(creatorList.getByRole('link')).toContainText('Hello! Loved your last video.');
  await expect(creatorList.getByRole('link')).toHaveAttribute('href', chatPath ?? '');

  await fan.reload();
  await expect(fan.getByRole('link', { name: 'Go to Chat' })).toHaveAttribute(
    'href',
    chatPath ?? '',
  );
  await fan.goto('/messages/conversations');
  await expect(fan.getByRole('list', { name: 'Conversations' })).toContainText(
    `${creatorAccount.username.split('_')[0]} person`,
  );

  // The creator blocks the fan (the chat page's control is another screen), then unblocks
  // them in Edit profile, and closes requests to everyone.
  const blocked = await creator.request.put(`/api/v1/users/blocks/${fanId}`, {
    headers: { Origin: baseURL ?? '' },
  });
  expect(blocked.status()).toBe(200);
  await creator.goto('/profile/edit');
  const blockedList = creator.getByRole('list', { name: 'Blocked people' });
  await expect(blockedList).toContainText(`@${fanAccount.username}`);
  await creator.getByRole('button', { name: `Unblock ${fanAccount.username}` }).click();
  await expect(creator.getByText(`${fanAccount.username} is unblocked`)).toBeVisible();
  await expect(creator.getByText('You have not blocked anyone.')).toBeVisible();

  await creator.getByRole('radio', { name: /^Nobody/ }).check();
  await expect(creator.getByText('Message request settings saved')).toBeVisible();
  await creator.reload();
  await expect(creator.getByRole('radio', { name: /^Nobody/ })).toBeChecked();

  await creatorContext.close();
  await fanContext.close();
});
