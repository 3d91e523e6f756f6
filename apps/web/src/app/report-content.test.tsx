import type { Tweet } from '@kinora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withContractServer } from '../testing/contract-server';
import { makeUser } from '../testing/fixtures';
import { makeTweet } from '../testing/tweet-fixtures';
import { renderRoute } from './testing';

/*
 * The report menu is the moderation feature's, placed by the app beside things other features
 * draw (decision 0038): here a tweet on /tweets. Keyboard reachable; a second report's refusal
 * is shown in the dialog.
 */

const server = withContractServer();
const me = makeUser();

const tweetPage = (tweets: Tweet[]) => ({
  tweets,
  totalTweets: tweets.length,
  page: 1,
  limit: 10,
  totalPages: 1,
  hasNextPage: false,
});

function serveTweets(tweets: Tweet[]) {
  server().on('currentUser', () => ({ data: me }));
  server().on('tweetChannels', () => ({
    data: { channels: [], page: 1, limit: 20, hasNextPage: false },
  }));
  server().on('listTweets', () => ({ data: tweetPage(tweets) }));
}

describe('reporting a tweet', () => {
  it('opens from a keyboard-reachable menu, sends the reason and details, and says thanks', async () => {
    localStorage.setItem('accessToken', 'token-1');
    const tweet = makeTweet({ content: 'Buy followers now' });
    serveTweets([tweet]);
    server().on('reportContent', (request) => ({
      status: 201,
      data: {
        _id: 'r1',
        targetKind: 'tweet',
        targetId: tweet._id,
        reason: (request.body as { reason: 'spam' }).reason,
        createdAt: new Date().toISOString(),
      },
    }));
    const { user } = renderRoute('/tweets');
    await user.click(await screen.findByRole('button', { name: 'All Tweets' }));
    const region = await screen.findByRole('region', { name: 'All Tweets' });
    const menuButton = await within(region).findByRole(
      'button',
      { name: `More actions: tweet by @${tweet.owner.username}` },
      { timeout: 10_000 },
    );
    menuButton.focus();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Report' });
    expect(item).toHaveFocus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', {
      name: `Report tweet by @${tweet.owner.username}`,
    });
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or misleading' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Anything else/ }),
      'Sells fake followers',
    );
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Thanks. Moderators will review your report.')).toBeVisible();
    expect(server().requestsTo('reportContent')[0]?.body).toEqual({
      targetKind: 'tweet',
      targetId: tweet._id,
      reason: 'spam',
      details: 'Sells fake followers',
    });
  });

  it('shows the server’s refusal of a second report in the dialog', async () => {
    localStorage.setItem('accessToken', 'token-1');
    const tweet = makeTweet();
    serveTweets([tweet]);
    server().on('reportContent', () => ({
      status: 409,
      error: { code: 'CONFLICT', message: 'You have already reported this' },
    }));
    const { user } = renderRoute('/tweets');
    await user.click(await screen.findByRole('button', { name: 'All Tweets' }));
    const region = await screen.findByRole('region', { name: 'All Tweets' });
    await user.click(
      await within(region).findByRole('button', { name: /^More actions/ }, { timeout: 10_000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('You have already reported this')).toBeVisible();
  });

  it('offers no report menu on one’s own tweet, and shows its owner why it is hidden', async () => {
    localStorage.setItem('accessToken', 'token-1');
    const own = makeTweet({
      owner: { _id: me._id, username: me.username, fullname: me.fullname, avatar: null },
      moderation: { state: 'hidden', reason: 'Spam' },
    });
    serveTweets([own]);
    const { user } = renderRoute('/tweets');
    await user.click(await screen.findByRole('button', { name: 'All Tweets' }));
    const region = await screen.findByRole('region', { name: 'All Tweets' });
    expect(await within(region).findByText('Hidden by a moderator: Spam')).toBeVisible();
    expect(within(region).queryByRole('button', { name: /^More actions/ })).toBeNull();
  });
});
