import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makeNotification } from '../../../testing/notification-fixtures';

const server = withContractServer();
const me = makeUser();

const bell = () =>
  within(screen.getByRole('banner')).getByRole('button', { name: /notifications$/i });

describe('the notification bell', () => {
  it('shows the unread count, follows the socket live, and opens a panel of entries', async () => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => ({ data: me }));
    let unread = 2;
    server().on('unreadNotifications', () => ({ data: { unreadCount: unread } }));
    const liked = makeNotification({
      kind: 'comment_like',
      othersCount: 12,
      comment: { _id: 'c9', content: 'First!' },
    });
    const subscribed = makeNotification({
      kind: 'new_subscriber',
      video: null,
      comment: null,
      isRead: true,
    });
    server().on('listNotifications', () => ({
      data: { notifications: [liked, subscribed], nextCursor: null },
    }));
    server().on('markAllNotificationsRead', () => ({ data: { unreadCount: 0 } }));
    let connected = 0;
    server().io.on('connection', () => {
      connected += 1;
    });
    const { user } = renderRoute('/no-such-page');
    await waitFor(() => expect(bell()).toHaveAccessibleName('2 unread notifications'), {
      timeout: 15_000,
    });
    await waitFor(() => expect(connected).toBe(1));

    server().io.emit('notifications_changed', { unreadCount: 3 });
    await waitFor(() => expect(bell()).toHaveAccessibleName('3 unread notifications'));
    // After a fan-out the count is asked for.
    unread = 120;
    server().io.emit('notifications_changed', { unreadCount: null });
    await waitFor(() => expect(bell()).toHaveAccessibleName('99+ unread notifications'));

    await user.click(bell());
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const links = await within(panel).findAllByRole('link');
    expect(links[0]).toHaveTextContent('alice and 12 others liked your comment');
    expect(links[0]).toHaveTextContent('Unread');
    expect(links[0]).toHaveAttribute('href', '/video/v1#comment-c9');
    expect(links[1]).toHaveTextContent('alice subscribed to your channel');
    expect(links[1]).not.toHaveTextContent('Unread');
    expect(within(panel).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(server().requestsTo('markAllNotificationsRead')).toHaveLength(1);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull());
    expect(bell()).toHaveFocus();
  });

  it('is not there for visitors', async () => {
    renderRoute('/no-such-page');
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    expect(
      within(screen.getByRole('banner')).queryByRole('button', { name: /notifications$/i }),
    ).toBeNull();
    expect(server().requestsTo('unreadNotifications')).toHaveLength(0);
  });
});
