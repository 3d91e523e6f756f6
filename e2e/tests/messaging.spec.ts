import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { registerByApi, type ApiUser } from '../fixtures/api';

// Issue 13's e2e: two people in two browser contexts chatting live. The request and its
// acceptance are set up through the API here; their screens (the message button, the hub's
// requests tab) have their own e2e in message-requests.spec.ts.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1366, height: 900 } });

let aliceContext: BrowserContext;
let bobContext: BrowserContext;
let alice: ApiUser;
let bob: ApiUser;
let alicePage: Page;
let bobPage: Page;
let conversationId = '';

const bearer = (user: ApiUser) => ({ authorization: `Bearer ${user.token}` });

async function call(
  request: APIRequestContext,
  user: ApiUser,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api/v1${path}`, { method, headers: bearer(user), data });
  return { status: res.status(), body: (await res.json()) as { data: unknown } };
}

test.beforeAll(async ({ browser }) => {
  aliceContext = await browser.newContext();
  bobContext = await browser.newContext();
  alice = await registerByApi(aliceContext.request, 'alice');
  bob = await registerByApi(bobContext.request, 'bob');

  const asked = await call(aliceContext.request, alice, 'POST', '/messages/requests', {
    receiverId: bob.id,
    content: 'Hi Bob, loved your last video!',
  });
  expect(asked.status).toBe(201);
  const pending = await call(bobContext.request, bob, 'GET', '/messages/requests');
  const request = (pending.body.data as Array<{ _id: string; sender: { _id: string } }>).find(
    (r) => r.sender._id === alice.id,
  );
  expect(request).toBeTruthy();
  const accepted = await call(
    bobContext.request,
    bob,
    'PATCH',
    `/messages/requests/${request?._id}`,
    {
      action: 'accept',
    },
  );
  expect(accepted.status).toBe(200);
  conversationId = (accepted.body.data as { conversationId: string }).conversationId;

  alicePage = await aliceContext.newPage();
  bobPage = await bobContext.newPage();
});

test.afterAll(async () => {
  await aliceContext?.close();
  await bobContext?.close();
});

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });

test('both open the chat: the header, Live, and the request as the first message', async () => {
  await alicePage.goto(`/messages/conversations/${conversationId}`);
  await bobPage.goto(`/messages/conversations/${conversationId}`);
  for (const [page, other] of [
    [alicePage, bob],
    [bobPage, alice],
  ] as const) {
    await expect(page.getByRole('link', { name: 'Back to Messages' })).toBeVisible();
    const header = page.getByRole('link', { name: new RegExp(other.username) });
    await expect(header).toContainText('Active now');
    await expect(header).toHaveAttribute('href', `/channel/${other.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await expect(messages(page)).toContainText('Hi Bob, loved your last video!');
    await expect(messages(page)).toContainText('Today');
  }
});

test('they chat live both ways; Enter sends and Shift+Enter makes a new line', async () => {
  await composer(alicePage).fill('Hello from Alice');
  await composer(alicePage).press('Enter');
  await expect(composer(alicePage)).toHaveValue('');
  await expect(messages(bobPage)).toContainText('Hello from Alice');
  // Shown once on Alice's side: the stored message replaced the faded temporary one.
  await expect(messages(alicePage).getByText('Hello from Alice')).toHaveCount(1);

  await composer(bobPage).fill('Thanks!');
  await composer(bobPage).press('Shift+Enter');
  await composer(bobPage).pressSequentially('Second line');
  await expect(composer(bobPage)).toHaveValue('Thanks!\nSecond line');
  await composer(bobPage).press('Enter');
  const reply = messages(alicePage).getByText(/Thanks!\s+Second line/);
  await expect(reply).toBeVisible();
  expect(await reply.evaluate((el) => el.textContent)).toBe('Thanks!\nSecond line');
  await expect(messages(alicePage).locator('[data-own="false"]').last()).toContainText(
    'Second line',
  );
  await expect(messages(bobPage).locator('[data-own="true"]').last()).toContainText('Second line');
});

test('a message while the other is elsewhere shows on their sidebar, and reading clears it', async () => {
  await bobPage.goto('/');
  const bobMessages = bobPage.getByRole('link', { name: /^Messages/ });
  await expect(bobMessages).toBeVisible();
  await expect(bobMessages).toHaveAccessibleName('Messages');

  await composer(alicePage).fill('Are you there?');
  await composer(alicePage).press('Enter');
  await expect(bobMessages).toHaveAccessibleName('Messages, 1 unread');
  await expect(bobMessages).toContainText('1');

  await bobPage.goto(`/messages/conversations/${conversationId}`);
  await expect(messages(bobPage)).toContainText('Are you there?');
  await expect(bobPage.getByRole('link', { name: /^Messages/ })).toHaveAccessibleName('Messages');
});

test('Alice blocks Bob from the chat menu; Bob can no longer write to her', async () => {
  await alicePage.getByRole('button', { name: 'Conversation actions' }).click();
  await alicePage.getByRole('menuitem', { name: `Block ${bob.username}` }).click();
  const dialog = alicePage.getByRole('dialog', { name: `Block ${bob.username}` });
  await expect(dialog).toContainText('will not be able to send you requests or messages');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(alicePage.getByText(`${bob.username} is blocked`)).toBeVisible();
  await expect(alicePage).toHaveURL(/\/messages\/conversations$/);

  const refused = await call(
    bobContext.request,
    bob,
    'POST',
    `/messages/conversations/${conversationId}/messages`,
    { content: 'Hello?' },
  );
  expect(refused.status).toBe(403);
});
