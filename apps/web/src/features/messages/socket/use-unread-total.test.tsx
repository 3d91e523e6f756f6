import type { Conversation } from '@kinora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { Socket as ServerSocket } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { chatSocketOptions, createChatConnection } from './chat-connection';

const server = withContractServer();
const me = makeUser();

const conversation = (id: string, unreadCount: number): Conversation => ({
  _id: id,
  participants: [],
  lastMessage: null,
  updatedAt: new Date().toISOString(),
  unreadCount,
});

// The sidebar sits in an inert drawer on jsdom's small screen: look into it anyway.
const messagesLink = () => screen.getByRole('link', { name: /^Messages/, hidden: true });

describe("the sidebar's unread count", () => {
  it('starts from the list, follows the private room’s unread events, and hides at 0', async () => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => ({ data: me }));
    server().on('listConversations', () => ({
      data: [conversation('c1', 2), conversation('c2', 1)],
    }));
    let connected = 0;
    server().io.on('connection', () => {
      connected += 1;
    });
    renderRoute('/no-such-page'); // not lazy: the sidebar is what is looked at

    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    await waitFor(() => expect(messagesLink()).toHaveAccessibleName('Messages, 3 unread'), {
      timeout: 15_000,
    });
    expect(messagesLink()).toHaveTextContent('3');
    await waitFor(() => expect(connected).toBe(1));

    server().io.emit('unread_count', { total: 5, conversationId: 'c1', unreadCount: 4 });
    await waitFor(() => expect(messagesLink()).toHaveAccessibleName('Messages, 5 unread'));
    server().io.emit('unread_count', { total: 0, conversationId: 'c1', unreadCount: 0 });
    await waitFor(() => expect(messagesLink()).toHaveAccessibleName('Messages'));
    expect(messagesLink()).toHaveTextContent(/^Messages$/);
  });

  it('is not there for visitors, who open no socket', async () => {
    let connected = 0;
    server().io.on('connection', () => {
      connected += 1;
    });
    renderRoute('/no-such-page'); // not lazy: the sidebar is what is looked at
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    expect(screen.queryByRole('link', { name: /^Messages/, hidden: true })).toBeNull();
    expect(connected).toBe(0);
    expect(server().requestsTo('listConversations')).toHaveLength(0);
  });
});

describe('the chat connection', () => {
  it('is one per signed-in tab, carries the stored token, and closes at sign-out', async () => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => ({ data: me }));
    server().on('listConversations', () => ({ data: [] }));
    const sockets: ServerSocket[] = [];
    server().io.on('connection', (socket) => {
      sockets.push(socket);
    });
    const { user } = renderRoute('/no-such-page');
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]?.handshake.auth).toEqual({ token: 'token-1' });

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(sockets[0]?.connected).toBe(false));
    expect(sockets).toHaveLength(1);
  });

  it('uses the constants of §9 and connects only when opened', () => {
    expect(chatSocketOptions).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      timeout: 20_000,
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
    });
    const connection = createChatConnection({
      url: 'http://127.0.0.1:9',
      getToken: () => 't',
      renewToken: async () => false,
    });
    const manager = connection.socket.io;
    expect(manager.reconnectionDelay()).toBe(1000);
    expect(manager.reconnectionDelayMax()).toBe(5000);
    expect(manager.randomizationFactor()).toBe(0.5);
    expect(manager.timeout()).toBe(20_000);
    expect(connection.socket.connected).toBe(false);
    expect(connection.status()).toBe('connecting');
    connection.close();
  });
});
