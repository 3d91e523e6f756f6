import { randomBytes } from 'node:crypto';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { publishByApi, registerByApi, type ApiUser } from '../fixtures/api';
import { makeClip } from '../fixtures/clip';

// Issue 12's e2e: tweets, the subscriptions feed and My videos, for two people: a creator who
// tweets and uploads, and a reader who follows them. The tests build on each other (the feed
// needs the follow, My videos the upload), so they run in order in two browser contexts.
// Other spec files share the site and its database: every check finds its rows by a text
// unique to this run, never by counting everything on a page.
// The machine these run on is often loaded: every wait is for a state, with room to reach it.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ viewport: { width: 1366, height: 900 } });

const tag = randomBytes(3).toString('hex');
const myTweet = `Morning light over the harbour ${tag}`;
const myTweetEdited = `Evening light over the harbour ${tag}`;
const theirTweet = `New video on Friday, stay tuned ${tag}`;
const uploadTitle = `Lighthouse at dusk ${tag}`;
const renamedTitle = `Lighthouse at midnight ${tag}`;
const doomedTitle = `Outtakes ${tag}`;

let clip: string;
let creatorContext: BrowserContext;
let readerContext: BrowserContext;
let creatorPage: Page;
let readerPage: Page;
let creator: ApiUser;
let reader: ApiUser;
const ids: Record<string, string> = {};

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  clip = makeClip(2, '320x180');
  // Both sign up through the API; each context's pages share its session cookies.
  creatorContext = await browser.newContext();
  creator = await registerByApi(creatorContext.request, 'lighthouse');
  readerContext = await browser.newContext();
  reader = await registerByApi(readerContext.request, 'reader');
  creatorPage = await creatorContext.newPage();
  readerPage = await readerContext.newPage();
  for (const [page, user] of [
    [creatorPage, creator],
    [readerPage, reader],
  ] as const) {
    await page.goto('/');
    await expect(page.getByRole('link', { name: `Your profile (${user.username})` })).toBeVisible();
  }
});

test.afterAll(async () => {
  await creatorContext?.close();
  await readerContext?.close();
});

/** The tweet card holding `text` (tweets are found by their text, unique to this run). */
function tweetCard(page: Page, author: string, text: string) {
  return page.getByRole('article', { name: `Tweet by ${author}` }).filter({ hasText: text });
}

/** Opens /tweets on its All Tweets mode (the compose box and every tweet, newest first). */
async function openAllTweets(page: Page) {
  await page.goto('/tweets');
  await expect(page.getByRole('heading', { name: 'Tweets', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'All Tweets' }).click();
  await expect(page.getByRole('button', { name: 'All Tweets' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('New tweet')).toBeVisible();
}

/** The server's view of one tweet among the user's own (read with the page's session). */
async function ownTweets(request: APIRequestContext): Promise<{ _id: string; content: string }[]> {
  const res = await request.get('/api/v1/tweets/my-tweets');
  expect(res.ok()).toBe(true);
  const data = (await res.json()).data;
  return Array.isArray(data) ? data : (data.tweets ?? data.docs);
}

test('a tweet is posted, edited and deleted on /tweets', async () => {
  const page = readerPage;
  await openAllTweets(page);

  // Post: the button waits for text; the counter follows what is typed.
  const compose = page.getByLabel('New tweet');
  const post = page.getByRole('button', { name: 'Tweet', exact: true });
  await expect(post).toBeDisabled();
  await compose.fill(`  ${myTweet}  `);
  await expect(page.getByTestId('tweet-counter')).toHaveText(`${myTweet.length + 4}/280`);
  await post.click();
  const card = tweetCard(page, reader.username, myTweet);
  await expect(card).toBeVisible();
  // Posted trimmed, and the box is empty for the next one.
  await expect(compose).toHaveValue('');
  expect((await ownTweets(page.request)).map((t) => t.content)).toContain(myTweet);

  // Edit one's own tweet in place: it is marked edited.
  await card.getByRole('button', { name: 'Edit' }).click();
  // The card in edit mode is the one holding the edit box (its text is then in the box).
  const editing = page
    .getByRole('article', { name: `Tweet by ${reader.username}` })
    .filter({ has: page.getByLabel('Edit tweet') });
  const editBox = editing.getByLabel('Edit tweet');
  await expect(editBox).toHaveValue(myTweet);
  await editBox.fill(myTweetEdited);
  await editing.getByRole('button', { name: 'Save' }).click();
  const edited = tweetCard(page, reader.username, myTweetEdited);
  await expect(edited).toBeVisible();
  await expect(edited.getByText('edited', { exact: true })).toBeVisible();
  await expect(tweetCard(page, reader.username, myTweet)).toHaveCount(0);
  // The server kept it: a fresh read shows the edited text.
  await page.reload();
  await page.getByRole('button', { name: 'All Tweets' }).click();
  await expect(tweetCard(page, reader.username, myTweetEdited)).toBeVisible();

  // Delete it: the toast, and it is gone from the page and from the server.
  await tweetCard(page, reader.username, myTweetEdited)
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Tweet deleted successfully!')).toBeVisible();
  await expect(tweetCard(page, reader.username, myTweetEdited)).toHaveCount(0);
  const left = await ownTweets(page.request);
  expect(left.map((t) => t.content)).not.toContain(myTweetEdited);
});

test("another person's tweet is liked, and the like is kept", async () => {
  // Setup: the creator tweets (the UI for posting is the test above).
  const posted = await creatorContext.request.post('/api/v1/tweets', {
    headers: { authorization: `Bearer ${creator.token}` },
    data: { content: theirTweet },
  });
  expect(posted.status()).toBe(201);
  ids.tweet = (await posted.json()).data._id;

  const page = readerPage;
  await openAllTweets(page);
  const card = tweetCard(page, creator.username, theirTweet);
  await expect(card).toBeVisible();
  // Another person's tweet can be liked but not edited or deleted.
  await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  const like = card.getByRole('button', { name: /^Like/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText(/^Like\s*0$/);
  // The request's answer replaces the count: wait for it, not for time.
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes(`/likes/tweet/${ids.tweet}/toggle`),
  );
  await like.click();
  expect((await answered).ok()).toBe(true);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(/^Liked\s*1$/);
  await expect(like).not.toHaveAttribute('aria-busy', 'true');

  // The server agrees: after a reload the tweet is still liked, with its count.
  await page.reload();
  await page.getByRole('button', { name: 'All Tweets' }).click();
  const again = tweetCard(page, creator.username, theirTweet).getByRole('button', {
    name: /^Like/,
  });
  await expect(again).toHaveAttribute('aria-pressed', 'true');
  await expect(again).toHaveText(/^Liked\s*1$/);
});

test('following a channel brings its new upload to Latest Videos', async () => {
  const page = readerPage;
  // Nothing followed yet.
  await page.goto('/subscriptions');
  await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();
  await expect(page.getByText('No subscriptions yet')).toBeVisible();

  // Follow the creator from their channel page.
  await page.goto(`/channel/${creator.id}`);
  const subscribe = page.getByRole('button', { name: 'Subscribe', exact: true });
  await subscribe.click();
  await expect(page.getByRole('button', { name: 'Subscribed', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Followed, but nothing uploaded yet.
  await page.goto('/subscriptions');
  await expect(page.getByRole('button', { name: 'All Channels (1)' })).toBeVisible();
  await expect(page.getByText('No recent uploads')).toBeVisible();

  // The creator uploads (setup through the API, as the other specs do).
  ids.upload = await publishByApi(creatorContext.request, creator, {
    title: uploadTitle,
    description: 'The lamp turns over a calm sea',
    clip,
  });

  // A fresh read of the page shows it first in Latest Videos.
  await page.reload();
  const latest = page.getByRole('list', { name: 'Latest Videos' });
  await expect(latest.getByRole('listitem').first()).toContainText(uploadTitle);
  await expect(latest.getByRole('link', { name: uploadTitle }).first()).toHaveAttribute(
    'href',
    `/video/${ids.upload}`,
  );

  // All Channels lists the creator, linking to their channel, with the top badge.
  await page.getByRole('button', { name: 'All Channels (1)' }).click();
  const channels = page.getByRole('list', { name: 'All Channels' });
  const channel = channels.getByRole('link').filter({ hasText: `@${creator.username}` });
  await expect(channel).toHaveAttribute('href', `/channel/${creator.id}`);
  await expect(channel.getByText('Top', { exact: true })).toBeVisible();
});

/** The row of one video on /my-videos. */
function videoRow(page: Page, title: string) {
  return page
    .getByRole('list', { name: 'Your videos' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

/** Opens /my-videos once every video listed is out of processing (its row says so). */
async function openMyVideos(page: Page, title: string) {
  await page.goto('/my-videos');
  await expect(page.getByRole('heading', { name: 'My Videos', level: 1 })).toBeVisible();
  const row = videoRow(page, title);
  await expect(row).toBeVisible();
  // The page reads the list again while a video is processing; the buttons work either way,
  // but the checks below want the row to settle first.
  await expect(row.getByText(/^Processing/)).toHaveCount(0, { timeout: 60_000 });
  return row;
}

test('a video is made private and public again from My videos', async () => {
  const page = creatorPage;
  const row = await openMyVideos(page, uploadTitle);
  // The level badge opens the Visibility dialog (decision 0039).
  const setLevel = async (from: string, to: 'public' | 'private', shown: string) => {
    await row.getByRole('button', { name: `Visibility of ${uploadTitle}: ${from}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Visibility' });
    await dialog.getByLabel('Visibility').selectOption(to);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      row.getByRole('button', { name: `Visibility of ${uploadTitle}: ${shown}` }),
    ).toBeVisible();
  };

  await setLevel('Public', 'private', 'Private');
  // A private video leaves the follower's feed; the owner still lists it after a reload.
  await readerPage.goto('/subscriptions');
  await expect(readerPage.getByText('No recent uploads')).toBeVisible();
  await page.reload();
  await expect(
    row.getByRole('button', { name: `Visibility of ${uploadTitle}: Private` }),
  ).toBeVisible();

  await setLevel('Private', 'public', 'Public');
  await readerPage.reload();
  await expect(
    readerPage
      .getByRole('list', { name: 'Latest Videos' })
      .getByRole('link', { name: uploadTitle }),
  ).not.toHaveCount(0);
});

test("a video's title is edited from My videos", async () => {
  const page = creatorPage;
  const row = await openMyVideos(page, uploadTitle);
  await row.getByRole('button', { name: `Edit ${uploadTitle}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Video' });
  const title = dialog.getByLabel('Title');
  await expect(title).toHaveValue(uploadTitle);
  // A blank title is refused before anything is sent.
  await title.fill('   ');
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await title.fill(renamedTitle);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Video updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(videoRow(page, renamedTitle)).toBeVisible();
  await expect(videoRow(page, uploadTitle)).toHaveCount(0);

  // The server kept it: the watch page shows the new title.
  await page.goto(`/video/${ids.upload}`);
  await expect(page.getByRole('heading', { name: renamedTitle })).toBeVisible();
});

test("a video is deleted after the 'Delete Video' confirmation", async () => {
  ids.doomed = await publishByApi(creatorContext.request, creator, {
    title: doomedTitle,
    description: 'Not good enough to keep',
    clip,
  });
  const page = creatorPage;
  const row = await openMyVideos(page, doomedTitle);
  await expect(videoRow(page, renamedTitle)).toBeVisible();

  // Cancel keeps it.
  await row.getByRole('button', { name: `Delete ${doomedTitle}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Video' });
  await expect(
    dialog.getByText('Are you sure you want to delete this video? This action cannot be undone.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  // Delete removes it, with the toast; the other video stays.
  await row.getByRole('button', { name: `Delete ${doomedTitle}` }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Video deleted successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(videoRow(page, doomedTitle)).toHaveCount(0);
  await expect(videoRow(page, renamedTitle)).toBeVisible();

  // The server agrees: the video is gone, for its owner too.
  const gone = await page.request.get(`/api/v1/videos/${ids.doomed}`);
  expect(gone.status()).toBe(404);
  await page.reload();
  await expect(videoRow(page, renamedTitle)).toBeVisible();
  await expect(videoRow(page, doomedTitle)).toHaveCount(0);
});
