import type { Subscriber } from '@kinora/contract';
import { configure, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { SUBSCRIBERS_PAGE_SIZE } from '../api/subscriptions-api';

const server = withContractServer();
const me = makeUser();

beforeAll(async () => {
  await import('../../profile/components/ProfileLayout');
  await import('./MySubscribersTab');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

function makeSubscriber(n: number, overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    subscriberId: `u${n}`,
    username: `fan${n}`,
    fullname: `Fan Number ${n}`,
    avatar: null,
    subscribedAt: new Date(Date.now() - n * 86_400_000).toISOString(),
    ...overrides,
  };
}

function signIn() {
  server().on('currentUser', () => ({ data: me }));
  server().on('myStats', () => ({
    status: 500,
    error: { code: 'INTERNAL', message: 'Not under test here' },
  }));
}

async function openTab() {
  const view = renderRoute('/profile/subscribers');
  await screen.findByRole('heading', { level: 2, name: 'My Subscribers' });
  return view;
}

const cards = async () =>
  within(await screen.findByRole('list', { name: 'Your subscribers' })).getAllByRole('link');

describe('profile My Subscribers tab', { timeout: 15_000 }, () => {
  it("shows skeletons, then one's subscribers as cards linking to /channel/{subscriberId}", async () => {
    signIn();
    const answer = deferred<void>();
    server().on('channelSubscribers', async () => {
      await answer.promise;
      return { data: [makeSubscriber(1, { fullname: 'Grace Hopper' }), makeSubscriber(2)] };
    });
    await openTab();
    expect(screen.getByRole('status', { name: 'Loading subscribers' })).toBeInTheDocument();
    answer.resolve();
    const [grace, other] = await cards();
    expect(grace).toHaveAttribute('href', '/channel/u1');
    expect(grace).toHaveTextContent('Grace Hopper');
    expect(grace).toHaveTextContent('@fan1');
    expect(grace).toHaveTextContent('Subscribed 1 day ago');
    expect(other).toHaveAttribute('href', '/channel/u2');
    const request = server().requestsTo('channelSubscribers')[0];
    expect(request?.params).toEqual({ channelId: me._id });
    expect(request?.query).toEqual({ page: '1', limit: String(SUBSCRIBERS_PAGE_SIZE) });
  });

  it("says 'Failed to load subscribers' and Try Again reads them again", async () => {
    signIn();
    let fail = true;
    server().on('channelSubscribers', () =>
      fail
        ? { status: 500, error: { code: 'INTERNAL', message: 'Something went wrong' } }
        : { data: [makeSubscriber(1)] },
    );
    const { user } = await openTab();
    const alerts = await screen.findAllByRole('alert');
    const alert = alerts.find((a) => a.textContent?.includes('Failed to load subscribers'));
    expect(alert).toBeDefined();
    fail = false;
    await user.click(within(alert!).getByRole('button', { name: 'Try Again' }));
    expect(await cards()).toHaveLength(1);
  });

  it('shows the empty state when nobody subscribes, and reads a 404 as none', async () => {
    signIn();
    server().on('channelSubscribers', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Channel not found' },
    }));
    await openTab();
    expect(await screen.findByRole('heading', { name: 'No subscribers yet' })).toBeVisible();
    expect(screen.queryByText('Failed to load subscribers')).not.toBeInTheDocument();
  });

  it('reads the next page with Load more while pages come back full', async () => {
    signIn();
    const full = Array.from({ length: SUBSCRIBERS_PAGE_SIZE }, (_, i) => makeSubscriber(i + 1));
    server().on('channelSubscribers', (request) => ({
      data: request.query.page === '1' ? full : [makeSubscriber(SUBSCRIBERS_PAGE_SIZE + 1)],
    }));
    const { user } = await openTab();
    expect(await cards()).toHaveLength(SUBSCRIBERS_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText(`Fan Number ${SUBSCRIBERS_PAGE_SIZE + 1}`);
    expect(await cards()).toHaveLength(SUBSCRIBERS_PAGE_SIZE + 1);
    expect(server().requestsTo('channelSubscribers')[1]?.query.page).toBe('2');
    // A short page is the last one.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
