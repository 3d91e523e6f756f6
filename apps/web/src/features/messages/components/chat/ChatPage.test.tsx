import type { Conversation, Message } from '@kinora/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Socket as ServerSocket } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../../app/testing';
import { deferred, networkFailure, withContractServer } from '../../../../testing/contract-server';
import { makeUser } from '../../../../testing/fixtures';

// The chat page against the contract server, with a real socket.io server on the same origin:
// the app's own socket connects, joins, hears `new_message` and leaves.
const server = withContractServer();
const me = makeUser();
const bob = {
  _id: '9b2f4c1a-0d6e-4f7a-8c3b-2e1d0f9a8b7c',
  username: 'bob',
  fullname: 'Bob Builder',
  avatar: null,
};
const conversationId = '5d0c9e2b-3a41-4b8f-9e6d-7c2a1b0f3e4d';
const path = `/messages/conversations/${conversationId}`;

let seq = 0;
function message(overrides: Partial<Message> & { from?: 'me' | 'bob' } = {}): Message {
  seq += 1;
  const { from = 'bob', ...rest } = overrides;
  const sender = from === 'me' ? { _id: me._id, username: me.username, avatar: null } : bob;
  return {
    _id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    conversationId,
    sender: { _id: sender._id, username: sender.username, avatar: sender.avatar },
    recipient: from === 'me' ? bob._id : me._id,
    content: `Message ${seq}`,
    createdAt: new Date().toISOString(),
    ...rest,
  };
}

const conversation = (unreadCount = 0): Conversation => ({
  _id: conversationId,
  participants: [{ _id: me._id, username: me.username, fullname: me.fullname, avatar: null }, bob],
  lastMessage: null,
  updatedAt: new Date().toISOString(),
  unreadCount,
});

interface SocketLog {
  tokens: unknown[];
  joined: string[];
  left: string[];
  sockets: ServerSocket[];
}

/** The socket side: records handshakes, joins and leaves; `accept` decides who connects. */
function serveSocket(accept: (token: unknown) => boolean = () => true): SocketLog {
  const log: SocketLog = { tokens: [], joined: [], left: [], sockets: [] };
  server().io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    log.tokens.push(token);
    next(accept(token) ? undefined : new Error('Authentication required'));
  });
  server().io.on('connection', (socket) => {
    log.sockets.push(socket);
    socket.on('join_conversation', (id: string, ack?: (a: unknown) => void) => {
      log.joined.push(id);
      void socket.join(`conversation:${id}`);
      ack?.({ ok: true });
    });
    socket.on('leave_conversation', (id: string) => {
      log.left.push(id);
      void socket.leave(`conversation:${id}`);
    });
  });
  return log;
}

const announce = (payload: Message) =>
  server().io.to(`conversation:${payload.conversationId}`).emit('new_message', payload);

/** Signed in as `me` with a stored token, the conversation listed, its messages answered. */
function serveChat(messages: Message[] | (() => Promise<Message[]>) = []) {
  localStorage.setItem('accessToken', 'token-1');
  server().on('currentUser', () => ({ data: me }));
  server().on('listConversations', () => ({ data: [conversation()] }));
  server().on('markConversationRead', () => ({ data: { conversationId, unreadCount: 0 } }));
  server().on('conversationMessages', async () => ({
    data: typeof messages === 'function' ? await messages() : messages,
  }));
}

/** Opens the chat; its code loads on first use, which takes a while on a busy machine. */
async function openChat() {
  const view = renderRoute(path);
  await screen.findByRole('link', { name: 'Back to Messages' }, { timeout: 15_000 });
  return view;
}

const log = () => screen.getByRole('log', { name: 'Messages' });
const input = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

describe('chat page', () => {
  it('shows the loading states, then the participant, Live, and joins, reads and leaves', async () => {
    const held = deferred<Message[]>();
    serveChat(() => held.promise);
    const socket = serveSocket();
    const view = await openChat();

    expect(screen.getByRole('link', { name: 'Back to Messages' })).toHaveAttribute(
      'href',
      '/messages/conversations',
    );
    expect(screen.getByText('Loading messages...')).toBeInTheDocument();

    held.resolve([message({ content: 'Hi there' })]);
    const header = await screen.findByRole('link', { name: /bob/ });
    expect(header).toHaveAttribute('href', `/channel/${bob._id}`);
    expect(within(header).getByText('Active now')).toBeInTheDocument();
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(within(log()).getByText('Hi there')).toBeInTheDocument();

    await waitFor(() => expect(socket.joined).toEqual([conversationId]));
    expect(socket.tokens).toEqual(['token-1']);
    await waitFor(() => expect(server().requestsTo('markConversationRead')).toHaveLength(1));
    expect(server().requestsTo('conversationMessages')[0]?.query).toEqual({ limit: '50' });

    // Leaving the page leaves the room; the tab's socket stays for the rest of the app.
    await act(() => view.router.navigate('/library'));
    await waitFor(() => expect(socket.left).toEqual([conversationId]));
    expect(socket.sockets[0]?.connected).toBe(true);
  });

  it("says 'Conversation' and 'Loading participant...' before the participant is known", async () => {
    serveChat(() => new Promise(() => undefined));
    server().on('listConversations', () => new Promise(() => undefined));
    serveSocket();
    await openChat();
    expect(await screen.findByText('Loading participant...')).toBeInTheDocument();
    expect(screen.getByText('Conversation', { selector: 'header span' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Conversation' })).toBeInTheDocument();
    expect(screen.getByText('Loading messages...')).toBeInTheDocument();
  });

  it("shows 'No messages yet' and its hint for an empty conversation", async () => {
    serveChat([]);
    serveSocket();
    await openChat();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByText('Start the conversation with a friendly message!')).toBeInTheDocument();
    expect(input()).toHaveAttribute('placeholder', 'Type your message...');
  });

  it('groups by day, keeps line breaks, shows hh:mm, sides, and the avatar on a run’s last message', async () => {
    const now = new Date();
    const at = (daysAgo: number, hour: number, minute: number) => {
      const d = new Date(now);
      d.setDate(now.getDate() - daysAgo);
      d.setHours(hour, minute, 0, 0);
      return d.toISOString();
    };
    const old = new Date(now);
    old.setDate(now.getDate() - 10);
    serveChat([
      message({ content: 'Long ago', createdAt: at(10, 9, 5) }),
      message({ content: 'Yesterday one', createdAt: at(1, 20, 0), from: 'me' }),
      message({ content: 'First\nsecond line', createdAt: at(0, 0, 1) }),
      message({ content: 'Run two', createdAt: at(0, 0, 2) }),
      message({ content: 'Mine today', createdAt: at(0, 0, 3), from: 'me' }),
    ]);
    serveSocket();
    await openChat();
    await screen.findByText('Long ago');

    const weekday = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(old);
    const separators = within(log())
      .getAllByRole('separator')
      .map((s) => s.getAttribute('aria-label'));
    expect(separators).toEqual([weekday, 'Yesterday', 'Today']);
    expect(within(log()).getByText('09:05 AM')).toBeInTheDocument();

    const items = within(log()).getAllByTestId('chat-message');
    const byText = (text: string) => items.find((item) => item.textContent?.includes(text))!;
    expect(byText('First').querySelector('p')?.textContent).toBe('First\nsecond line');
    expect(byText('First').querySelector('p')).toHaveClass('whitespace-pre-wrap');
    expect(byText('Mine today')).toHaveAttribute('data-own', 'true');
    expect(byText('Run two')).toHaveAttribute('data-own', 'false');
    // A run of two from Bob today: the avatar only on its last message.
    expect(within(byText('First')).queryByTestId('avatar-initial')).toBeNull();
    expect(within(byText('Run two')).getByTestId('avatar-initial')).toHaveTextContent('B');
    expect(within(byText('Mine today')).getByTestId('avatar-initial')).toHaveTextContent('A');
  });

  it('sends on Enter (Shift+Enter makes a new line), faded until stored, once despite the echo', async () => {
    serveChat([]);
    serveSocket();
    const answer = deferred<Message>();
    server().on('sendMessage', async () => ({ status: 201, data: await answer.promise }));
    const { user } = await openChat();
    await screen.findByText('Live');
    expect(sendButton()).toBeDisabled();

    await user.type(input(), 'Hello{Shift>}{Enter}{/Shift}Bob');
    expect(input()).toHaveValue('Hello\nBob');
    expect(server().requestsTo('sendMessage')).toHaveLength(0);
    await user.keyboard('{Enter}');

    expect(input()).toHaveValue('');
    const pending = within(log()).getByTestId('chat-message');
    expect(pending).toHaveTextContent('Hello');
    expect(pending.querySelector('.opacity-60')).not.toBeNull();
    await user.type(input(), 'next');
    expect(sendButton()).toBeDisabled();
    await waitFor(() => expect(server().requestsTo('sendMessage')).toHaveLength(1));
    expect(server().requestsTo('sendMessage')[0]?.body).toEqual({ content: 'Hello\nBob' });

    const stored = message({ content: 'Hello\nBob', from: 'me' });
    announce(stored); // the live echo may come first
    answer.resolve(stored);
    await waitFor(() => expect(sendButton()).toBeEnabled());
    const items = within(log()).getAllByTestId('chat-message');
    expect(items).toHaveLength(1);
    expect(items[0]?.querySelector('.opacity-60')).toBeNull();
  });

  it("takes the entry back, restores the text and alerts 'Failed to send message. Try again.'", async () => {
    serveChat([]);
    serveSocket();
    server().on('sendMessage', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Something went wrong' },
    }));
    const { user } = await openChat();
    await screen.findByText('Live');
    await user.type(input(), '  Are you there?  {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send message. Try again.',
    );
    expect(input()).toHaveValue('  Are you there?  ');
    expect(within(log()).queryAllByTestId('chat-message')).toHaveLength(0);
    expect(screen.getByText('No messages yet')).toBeInTheDocument();
  });

  it("alerts 'Failed to send message. Try again.' when the send gets no answer", async () => {
    serveChat([]);
    serveSocket();
    server().on('sendMessage', () => networkFailure);
    const { user } = await openChat();
    await screen.findByText('Live');
    await user.type(input(), 'Are you there?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send message. Try again.',
    );
    expect(input()).toHaveValue('Are you there?');
    expect(within(log()).queryAllByTestId('chat-message')).toHaveLength(0);
  });

  it('shows Disconnected and Retry when the network drops; Retry once it is back: Live', async () => {
    serveChat([]);
    serveSocket();
    const { user } = await openChat();
    await screen.findByText('Live');

    server().setNetworkDown(true);
    act(() => {
      server().io.disconnectSockets(true);
    });
    expect(await screen.findByText('Disconnected', { selector: '[role="status"]' })).toBeTruthy();
    expect(input()).toBeDisabled();
    expect(screen.getByText('Reconnecting to enable messaging...')).toBeInTheDocument();

    server().setNetworkDown(false);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(input()).toBeEnabled();
  });

  it('shows messages that arrive live, ignores other conversations, and reads them', async () => {
    serveChat([message({ content: 'Earlier' })]);
    const socket = serveSocket();
    await openChat();
    await screen.findByText('Earlier');
    await waitFor(() => expect(socket.joined).toEqual([conversationId]));
    await waitFor(() => expect(server().requestsTo('markConversationRead')).toHaveLength(1));

    const live = message({ content: 'Fresh news' });
    act(() => {
      announce(live);
      announce(live); // twice: shown once
      server().io.emit('new_message', {
        ...message({ content: 'Elsewhere' }),
        conversationId: bob._id,
      });
    });
    expect(await within(log()).findByText('Fresh news')).toBeInTheDocument();
    await waitFor(() => expect(server().requestsTo('markConversationRead')).toHaveLength(2));
    expect(within(log()).getAllByText('Fresh news')).toHaveLength(1);
    expect(within(log()).queryByText('Elsewhere')).toBeNull();
  });

  it('renews a refused token once; still refused: Disconnected, the overlay, and Retry', async () => {
    serveChat([]);
    let isOpen = false;
    const socket = serveSocket((token) => isOpen || token === 'token-2');
    server().on('refreshToken', () => ({ data: { accessToken: 'token-3' } }));
    const { user } = await openChat();

    expect(await screen.findByText('Disconnected', { selector: '[role="status"]' })).toBeTruthy();
    await waitFor(() => expect(socket.tokens).toEqual(['token-1', 'token-3']));
    expect(server().requestsTo('refreshToken')).toHaveLength(1);
    expect(input()).toBeDisabled();
    expect(screen.getByText('Reconnecting to enable messaging...')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();

    isOpen = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(input()).toBeEnabled();
    expect(screen.queryByText('Reconnecting to enable messaging...')).toBeNull();
  });

  it('shows Connecting... until the socket answers', async () => {
    serveChat([]);
    // A socket server that never lets the handshake finish.
    server().io.use(() => undefined);
    await openChat();
    expect(await screen.findByText('Connecting...')).toBeInTheDocument();
    expect(input()).toBeDisabled();
  });

  it('loads older pages with the before cursor', async () => {
    const page = Array.from({ length: 50 }, (_, i) =>
      message({
        content: `Recent ${i}`,
        createdAt: new Date(Date.now() - (50 - i) * 1000).toISOString(),
      }),
    );
    const older = message({ content: 'The very first', createdAt: '2020-01-01T10:00:00.000Z' });
    serveChat([]);
    server().on('conversationMessages', (request) => ({
      data: request.query.before ? [older] : page,
    }));
    serveSocket();
    const { user } = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Load older messages' }));
    expect(await within(log()).findByText('The very first')).toBeInTheDocument();
    expect(server().requestsTo('conversationMessages')[1]?.query.before).toBe(page[0]?._id);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('says the conversation is not found to a non-member', async () => {
    serveChat([]);
    server().on('conversationMessages', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Conversation not found' },
    }));
    serveSocket();
    await openChat();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversation not found' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to Messages' })).toHaveLength(2);
  });

  it('blocks after confirming, and reports with a reason', async () => {
    serveChat([message({ content: 'Spam spam' })]);
    serveSocket();
    server().on('blockUser', () => ({ data: { userId: bob._id, isBlocked: true } }));
    server().on('reportConversation', () => ({
      status: 201,
      data: {
        _id: '11111111-1111-4111-8111-111111111111',
        conversationId,
        messageCount: 1,
        createdAt: new Date().toISOString(),
      },
    }));
    const { user, router } = await openChat();
    await screen.findByText('Spam spam');

    await user.click(screen.getByRole('button', { name: 'Conversation actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report conversation' }));
    const report = screen.getByRole('dialog', { name: 'Report conversation' });
    expect(within(report).getByRole('button', { name: 'Send report' })).toBeDisabled();
    await user.type(within(report).getByLabelText('What is wrong?'), 'Unwanted ads');
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent. Thank you.')).toBeInTheDocument();
    expect(server().requestsTo('reportConversation')[0]?.body).toEqual({ reason: 'Unwanted ads' });

    await user.click(screen.getByRole('button', { name: 'Conversation actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block bob' }));
    const confirm = screen.getByRole('dialog', { name: 'Block bob' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('bob is blocked')).toBeInTheDocument();
    expect(server().requestsTo('blockUser')[0]?.params).toEqual({ userId: bob._id });
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/conversations'));
  });
});
