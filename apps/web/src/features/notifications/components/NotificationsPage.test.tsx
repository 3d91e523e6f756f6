import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makeNotification } from '../../../testing/notification-fixtures';

const server = withContractServer();
const me = makeUser();

describe('/notifications', () => {
  it('lists newest first a page at a time, marks unread, opens an entry read, and marks all read', async () => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => ({ data: me }));
    const first = makeNotification({ comment: { _id: 'c1', content: 'Newest' } });
    const second = makeNotification({
      kind: 'new_video',
      comment: null,
      video: { _id: 'v2', title: 'Fresh upload' },
      isRead: true,
    });
    const third = makeNotification({
      kind: 'request_accepted',
      video: null,
      comment: null,
      conversationId: 'conv-1',
    });
    server().on('listNotifications', (request) =>
      request.query.cursor
        ? { data: { notifications: [third], nextCursor: null } }
        : { data: { notifications: [first, second], nextCursor: 'next-page' } },
    );
    server().on('markNotificationRead', () => ({ data: { unreadCount: 1 } }));
    server().on('markAllNotificationsRead', () => ({ data: { unreadCount: 0 } }));
    const { user } = renderRoute('/notifications');

    expect(
      await screen.findByRole('heading', { name: 'Notifications', level: 1 }, { timeout: 15_000 }),
    );
    const main = screen.getByRole('main');
    let links = await within(main).findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('alice commented on “My trip”'),
      expect.stringContaining('alice uploaded “Fresh upload”'),
    ]);
    expect(links[0]).toHaveTextContent('Unread');
    expect(links[1]).toHaveAttribute('href', '/video/v2');

    await user.click(within(main).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(main).getAllByRole('link')).toHaveLength(3));
    links = within(main).getAllByRole('link');
    expect(links[2]).toHaveTextContent('alice accepted your message request');
    expect(links[2]).toHaveAttribute('href', '/messages/conversations/conv-1');
    expect(server().requestsTo('listNotifications').at(-1)?.query).toMatchObject({
      cursor: 'next-page',
      limit: '20',
    });

    await user.click(within(main).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(server().requestsTo('markAllNotificationsRead')).toHaveLength(1));

    await user.click(links[0]!);
    await waitFor(() => expect(server().requestsTo('markNotificationRead')).toHaveLength(1));
    expect(server().requestsTo('markNotificationRead')[0]?.params).toEqual({ id: first._id });
  });

  it('says so when there is nothing yet', async () => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => ({ data: me }));
    server().on('listNotifications', () => ({ data: { notifications: [], nextCursor: null } }));
    renderRoute('/notifications');
    expect(await screen.findByText('No notifications yet', {}, { timeout: 15_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
