import type { Conversation, MessageRequest } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';

configure({ asyncUtilTimeout: 4000 });

const server = withContractServer();
const me = makeUser();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

function makeConversation(n: number, overrides: Partial<Conversation> = {}): Conversation {
  const at = new Date(Date.now() - n * 5 * MIN).toISOString();
  return {
    _id: `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    participants: [
      { _id: me._id, username: me.username, fullname: me.fullname, avatar: null },
      {
        _id: `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        username: `friend${n}`,
        fullname: `Friend ${n}`,
        avatar: n === 1 ? '/media/avatars/friend1.webp' : null,
      },
    ],
    lastMessage: { content: `Last words ${n}`, createdAt: at },
    updatedAt: at,
    unreadCount: 0,
    ...overrides,
  };
}

const request: MessageRequest = {
  _id: 'r0000000-0000-4000-8000-000000000001',
  content: 'May I write to you?',
  createdAt: new Date().toISOString(),
  sender: {
    _id: '60000000-0000-4000-8000-000000000001',
    username: 'newfan',
    fullname: 'New Fan',
    avatar: null,
  },
};

function serveHub(conversations: Conversation[], requests: MessageRequest[] = []) {
  server().on('currentUser', () => ({ data: me }));
  server().on('listConversations', () => ({ data: conversations }));
  server().on('listMessageRequests', () => ({ data: requests }));
}

const conversationList = () => screen.findByRole('list', { name: 'Conversations' });

describe('messages hub (/messages/conversations)', () => {
  it('asks visitors to sign in', async () => {
    renderRoute('/messages/conversations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Sign in to read your messages.');
    expect(server().requestsTo('listConversations')).toHaveLength(0);
  });

  it('shows both tabs, a skeleton, then the list and the empty right pane', async () => {
    serveHub([]);
    const answer = deferred<void>();
    server().on('listConversations', async () => {
      await answer.promise;
      return { data: [makeConversation(1)] };
    });
    renderRoute('/messages/conversations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Conversations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: /^Message Requests/ })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(screen.getByRole('status', { name: 'Loading conversations' })).toBeInTheDocument();
    expect(screen.getByText('Select a conversation')).toBeInTheDocument();
    answer.resolve();
    expect(await conversationList()).toHaveTextContent('Friend 1');
  });

  it('shows the other participant, the last message, the time and unread badges', async () => {
    serveHub([
      makeConversation(1, { unreadCount: 3 }),
      makeConversation(2, {
        unreadCount: 150,
        lastMessage: {
          content: 'Old news',
          createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
        },
      }),
      makeConversation(3, {
        lastMessage: { content: 'Ancient', createdAt: '2020-02-03T10:00:00.000Z' },
      }),
      makeConversation(4, { lastMessage: null, updatedAt: new Date().toISOString() }),
    ]);
    renderRoute('/messages/conversations');
    const list = await conversationList();
    const items = within(list).getAllByRole('link');
    expect(items).toHaveLength(4);

    const [first, second, third, fourth] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveAttribute('href', `/messages/conversations/${makeConversation(1)._id}`);
    expect(first).toHaveTextContent('Friend 1');
    expect(first).not.toHaveTextContent(me.fullname);
    expect(first).toHaveTextContent('Last words 1');
    expect(first.querySelector('time')).toHaveTextContent('5m');
    expect(first.querySelector('img[src="/media/avatars/friend1.webp"]')).not.toBeNull();
    expect(first).toHaveTextContent('3 unread messages');

    expect(second.querySelector('time')).toHaveTextContent('3d');
    expect(second).toHaveTextContent('99+');
    expect(second).toHaveTextContent('150 unread messages');

    expect(third.querySelector('time')).toHaveTextContent('Feb 3, 2020');
    expect(third).not.toHaveTextContent('unread');

    expect(fourth).toHaveTextContent('No messages yet');
    expect(fourth.querySelector('time')).toHaveTextContent('Just now');
  });

  it('opens the chat of the conversation chosen', async () => {
    serveHub([makeConversation(1), makeConversation(2)]);
    const { user, router } = renderRoute('/messages/conversations');
    const list = await conversationList();
    await user.click(within(list).getByText('Friend 2'));
    // The chat page loads on demand: the address changes once it has.
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/messages/conversations/${makeConversation(2)._id}`,
      ),
    );
  });

  it("says 'No conversations yet'", async () => {
    serveHub([]);
    renderRoute('/messages/conversations');
    expect(
      await screen.findByRole('heading', { name: 'No conversations yet' }),
    ).toBeInTheDocument();
  });

  it("says 'Failed to load conversations' with the error, and Retry loads again", async () => {
    serveHub([]);
    let fail = true;
    server().on('listConversations', () =>
      fail
        ? { status: 503, error: { code: 'INTERNAL', message: 'Service unavailable' } }
        : { data: [makeConversation(1)] },
    );
    const { user } = renderRoute('/messages/conversations');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load conversations');
    expect(alert).toHaveTextContent('Service unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await conversationList()).toHaveTextContent('Friend 1');
    expect(server().requestsTo('listConversations')).toHaveLength(2);
  });

  it('switches to Message Requests (with its count), keeps it in the address, and accepts there', async () => {
    serveHub([], [request]);
    server().on('respondToMessageRequest', () => ({
      data: { _id: request._id, status: 'accepted', conversationId: makeConversation(7)._id },
    }));
    const { user, router } = renderRoute('/messages/conversations');
    const requestsTab = await screen.findByRole('tab', {
      name: /^Message Requests\s*\(1 pending\)$/,
    });
    await user.click(requestsTab);
    expect(requestsTab).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=requests');
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('May I write to you?')).toBeInTheDocument();

    server().on('listMessageRequests', () => ({ data: [] }));
    await user.click(within(panel).getByRole('button', { name: 'Accept the request from newfan' }));
    expect(
      await within(screen.getByRole('status', { name: 'Notifications' })).findByText(
        'Request accepted! You can now chat with this user.',
      ),
    ).toBeInTheDocument();
    expect(await within(panel).findByRole('link', { name: 'Open Chat' })).toHaveAttribute(
      'href',
      `/messages/conversations/${makeConversation(7)._id}`,
    );
    // Accepting adds a conversation: back on the list, it is read again and shows it.
    server().on('listConversations', () => ({ data: [makeConversation(7)] }));
    await user.click(screen.getByRole('tab', { name: 'Conversations' }));
    expect(await conversationList()).toHaveTextContent('Friend 7');
    expect(router.state.location.search).toBe('');
  });

  it('moves between the tabs with the arrow keys and opens on ?tab=requests', async () => {
    serveHub([makeConversation(1)], []);
    const { user } = renderRoute('/messages/conversations?tab=requests');
    const requestsTab = await screen.findByRole('tab', { name: 'Message Requests' });
    expect(requestsTab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'No message requests' })).toBeInTheDocument();
    requestsTab.focus();
    await user.keyboard('{ArrowRight}');
    const conversationsTab = screen.getByRole('tab', { name: 'Conversations' });
    expect(conversationsTab).toHaveAttribute('aria-selected', 'true');
    expect(conversationsTab).toHaveFocus();
    expect(await conversationList()).toHaveTextContent('Friend 1');
  });
});

describe('the alternate select handler (/messages/{id})', () => {
  it('goes to /messages/conversations/{id}', async () => {
    const { router } = renderRoute('/messages/c0000000-0000-4000-8000-000000000005');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/messages/conversations/c0000000-0000-4000-8000-000000000005',
      ),
    );
  });

  it('sends /messages to the hub', async () => {
    const { router } = renderRoute('/messages');
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/conversations'));
  });
});
