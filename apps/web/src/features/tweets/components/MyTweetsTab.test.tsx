import type { Tweet } from '@kinora/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeMyStats, makeUser } from '../../../testing/fixtures';
import { makeTweet } from '../../../testing/tweet-fixtures';

const server = withContractServer();
const me = makeUser();
const mine = { _id: me._id, username: me.username, fullname: me.fullname, avatar: null };
const myTweet = (overrides: Partial<Tweet> = {}) => makeTweet({ owner: mine, ...overrides });

beforeAll(async () => {
  await import('../../profile/components/ProfileLayout');
  await import('./MyTweetsTab');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const page = (tweets: Tweet[]) => ({
  data: {
    tweets,
    docs: tweets,
    totalTweets: tweets.length,
    page: 1,
    limit: 50,
    totalPages: 1,
    hasNextPage: false,
  },
});

/** A tiny tweets server: the list, with create and delete changing it. */
function serve(initial: Tweet[]) {
  let tweets = initial;
  server().on('currentUser', () => ({ data: me }));
  server().on('myStats', () => ({ data: makeMyStats(me, { tweetsCount: tweets.length }) }));
  server().on('myTweets', () => page(tweets));
  server().on('createTweet', (request) => {
    const tweet = myTweet({ content: (request.body as { content: string }).content });
    tweets = [tweet, ...tweets];
    return { status: 201, data: tweet };
  });
  server().on('deleteTweet', (request) => {
    tweets = tweets.filter((t) => t._id !== request.params.id);
    return { data: {} };
  });
}

async function openTab() {
  const view = renderRoute('/profile/tweets');
  await screen.findByRole('heading', { level: 2, name: 'My Tweets' });
  return view;
}

const box = () => screen.getByRole('textbox', { name: 'New tweet' });
const tweetButton = () => screen.getByRole('button', { name: 'Tweet' });
const counter = () => screen.getByTestId('tweet-counter');
const notifications = () => screen.getByRole('status', { name: 'Notifications' });
const tweetsTab = () =>
  within(screen.getByRole('navigation', { name: 'Profile sections' })).getByRole('link', {
    name: /^Tweets/,
  });

describe('profile My Tweets tab', { timeout: 15_000 }, () => {
  it('shows skeletons while the tweets load, then one’s own tweets newest first (limit 50)', async () => {
    const answer = deferred<void>();
    server().on('currentUser', () => ({ data: me }));
    server().on('myStats', () => ({ data: makeMyStats(me, { tweetsCount: 2 }) }));
    server().on('myTweets', async () => {
      await answer.promise;
      return page([myTweet({ content: 'Newest' }), myTweet({ content: 'Older' })]);
    });
    await openTab();
    expect(screen.getByRole('status', { name: 'Loading tweets' })).toBeInTheDocument();
    answer.resolve();
    const list = await screen.findByRole('list', { name: 'Your tweets' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('Newest'), expect.stringContaining('Older')]);
    expect(server().requestsTo('myTweets')[0]?.query).toEqual({ page: '1', limit: '50' });
  });

  it("says 'Failed to load tweets' and Try Again reads them again", async () => {
    let fail = true;
    server().on('currentUser', () => ({ data: me }));
    server().on('myStats', () => ({ data: makeMyStats(me, { tweetsCount: 1 }) }));
    server().on('myTweets', () =>
      fail
        ? { status: 500, error: { code: 'INTERNAL', message: 'Something went wrong' } }
        : page([myTweet({ content: 'Here again' })]),
    );
    const { user } = await openTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load tweets');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Here again')).toBeVisible();
  });

  it("shows 'No tweets yet' with the compose box when there are none", async () => {
    serve([]);
    await openTab();
    expect(await screen.findByRole('heading', { name: 'No tweets yet' })).toBeVisible();
    expect(box()).toBeInTheDocument();
  });

  it('turns the counter red above 250 here, and disables Tweet when empty or over 280', async () => {
    serve([]);
    await openTab();
    expect(tweetButton()).toBeDisabled();
    fireEvent.change(box(), { target: { value: '   ' } });
    expect(tweetButton()).toBeDisabled();

    fireEvent.change(box(), { target: { value: 'a'.repeat(250) } });
    expect(counter()).toHaveTextContent('250/280');
    expect(counter()).not.toHaveClass('text-danger');
    fireEvent.change(box(), { target: { value: 'a'.repeat(251) } });
    expect(counter()).toHaveClass('text-danger');
    expect(tweetButton()).toBeEnabled();
    fireEvent.change(box(), { target: { value: 'a'.repeat(281) } });
    expect(tweetButton()).toBeDisabled();
  });

  it('posts the trimmed text, busy meanwhile, then lists it and counts it in the tab', async () => {
    serve([myTweet({ content: 'First words' })]);
    const answer = deferred<void>();
    const { user } = await openTab();
    await screen.findByText('First words');
    await waitFor(() => expect(tweetsTab()).toHaveTextContent('Tweets1'));
    const created = myTweet({ content: 'Hello subscribers' });
    server().on('createTweet', async () => {
      await answer.promise;
      server().on('myTweets', () => page([created, myTweet({ content: 'First words' })]));
      server().on('myStats', () => ({ data: makeMyStats(me, { tweetsCount: 2 }) }));
      return { status: 201, data: created };
    });

    await user.type(box(), '  Hello subscribers  ');
    await user.click(tweetButton());
    expect(screen.getByRole('button', { name: 'Posting...' })).toBeDisabled();
    answer.resolve();
    expect(await screen.findByText('Hello subscribers')).toBeVisible();
    expect(server().requestsTo('createTweet')[0]?.body).toEqual({ content: 'Hello subscribers' });
    await waitFor(() => expect(box()).toHaveValue(''));
    await waitFor(() => expect(tweetsTab()).toHaveTextContent('Tweets2'));
  });

  it("keeps the text and says 'Failed to post tweet' when the post fails", async () => {
    serve([]);
    server().on('createTweet', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Something went wrong' },
    }));
    const { user } = await openTab();
    await user.type(box(), 'Will this go?');
    await user.click(tweetButton());
    expect(await within(notifications()).findByText('Failed to post tweet')).toBeVisible();
    expect(box()).toHaveValue('Will this go?');
  });

  it("shows the server's reason when it refuses the tweet", async () => {
    serve([]);
    server().on('createTweet', () => ({
      status: 429,
      error: { code: 'RATE_LIMITED', message: 'Too many tweets; wait a minute' },
    }));
    const { user } = await openTab();
    await user.type(box(), 'Again and again');
    await user.click(tweetButton());
    expect(
      await within(notifications()).findByText('Too many tweets; wait a minute'),
    ).toBeVisible();
    expect(box()).toHaveValue('Again and again');
  });

  it("deletes one's tweet: 'Tweet deleted successfully!' and it leaves the list", async () => {
    serve([myTweet({ content: 'Keep this' }), myTweet({ content: 'Drop this' })]);
    const { user } = await openTab();
    const doomed = (await screen.findByText('Drop this')).closest('article')!;
    await user.click(within(doomed as HTMLElement).getByRole('button', { name: 'Delete' }));
    expect(await within(notifications()).findByText('Tweet deleted successfully!')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Drop this')).not.toBeInTheDocument());
    expect(screen.getByText('Keep this')).toBeVisible();
  });

  it("reads the tweets again on the 'profileUpdated' event (they show one's name)", async () => {
    serve([myTweet({ content: 'Signed by me' })]);
    await openTab();
    await screen.findByText('Signed by me');
    const before = server().requestsTo('myTweets').length;
    act(() => {
      window.dispatchEvent(new Event('profileUpdated'));
    });
    await waitFor(() => expect(server().requestsTo('myTweets').length).toBe(before + 1));
  });
});
