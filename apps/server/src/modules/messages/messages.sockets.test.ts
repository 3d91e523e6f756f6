import type { Message, ServerSocketEvents } from '@kinora/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../test/api-client';
import type { RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { listenWithSockets } from '../../../test/socket-clients';
import { openConversation, people } from '../../../test/messaging-factories';
import type { SocketAck } from '../../platform/realtime/realtime';

let t: TestApp;
let sockets: Awaited<ReturnType<typeof listenWithSockets>>;
let closed = false;

beforeAll(async () => {
  t = await createTestApp();
  sockets = await listenWithSockets(t);
});
afterAll(async () => {
  sockets?.closeClients();
  if (!closed) await t.close();
});

/** A real socket.io client, as the web's: websocket only, the token in `auth`. */
const client = (auth: Record<string, unknown> | undefined): Socket => sockets.client(auth);

const connect = (person: RegisteredUser, token = person.accessToken): Promise<Socket> =>
  sockets.connect(token);

async function connectError(auth: Record<string, unknown> | undefined): Promise<string> {
  const socket = client(auth);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** Everything a socket hears of one server event, in order. */
function heard<E extends keyof ServerSocketEvents>(socket: Socket, event: E) {
  const got: ServerSocketEvents[E][] = [];
  socket.on(event as string, (payload: ServerSocketEvents[E]) => got.push(payload));
  return got;
}

const emitAck = (socket: Socket, event: string, payload: unknown): Promise<SocketAck> =>
  socket.timeout(5000).emitWithAck(event, payload) as Promise<SocketAck>;

async function post(person: RegisteredUser, conversationId: string, content: string) {
  const res = await callApi(t.app, 'sendMessage', {
    params: { id: conversationId },
    as: person,
    body: { content },
  });
  expect(res.statusCode).toBe(201);
  return res.data;
}

describe('chat socket', () => {
  it('refuses a connection without a token or with a bad one, and takes one with or without Bearer', async () => {
    const [alice] = await people(t.app, 1);
    expect(await connectError(undefined)).toBe('Authentication required');
    expect(await connectError({ token: '' })).toBe('Authentication required');
    expect(await connectError({ token: 'not-a-token' })).toBe('Authentication required');
    expect(await connectError({ token: `${alice.accessToken}x` })).toBe('Authentication required');
    const bare = await connect(alice);
    const bearer = await connect(alice, `Bearer ${alice.accessToken}`);
    expect(bare.connected && bearer.connected).toBe(true);
  });

  it('refuses a token whose session has ended', async () => {
    const [alice] = await people(t.app, 1);
    const res = await callApi(t.app, 'logout', { as: alice });
    expect(res.statusCode).toBe(200);
    expect(await connectError({ token: alice.accessToken })).toBe('Authentication required');
  });

  it('ends the sockets of a session that signs out or is signed out by a password change, and no others', async () => {
    const [alice] = await people(t.app, 1);
    const signIn = async () => {
      const res = await callApi(t.app, 'login', {
        body: { email: alice.email, password: alice.password },
      });
      expect(res.statusCode).toBe(200);
      return res.data.accessToken;
    };
    const [laptopToken, phoneToken] = [await signIn(), await signIn()];
    const first = await connect(alice);
    const laptop = await connect(alice, laptopToken);
    const phone = await connect(alice, phoneToken);
    const ended = (socket: Socket) =>
      new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    // Signing out the laptop ends its socket at once, not at its next call.
    const laptopEnded = ended(laptop);
    const out = await callApi(t.app, 'logout', { as: { accessToken: laptopToken } });
    expect(out.statusCode).toBe(200);
    expect(await laptopEnded).toBe('io server disconnect');
    expect(first.connected && phone.connected).toBe(true);

    // A password change on the first device signs out the others: the phone's socket ends.
    const phoneEnded = ended(phone);
    const change = await callApi(t.app, 'changePassword', {
      as: alice,
      body: { oldPassword: alice.password, newPassword: 'a brand new password' },
    });
    expect(change.statusCode).toBe(200);
    expect(await phoneEnded).toBe('io server disconnect');
    expect(first.connected).toBe(true);
  });

  it('a message POSTed over HTTP reaches the other member as new_message; a non-member joins nothing', async () => {
    const [alice, bob, mallory] = await people(t.app, 3);
    const conversationId = await openConversation(t.app, alice, bob);
    const [aliceSocket, bobSocket, mallorySocket] = await Promise.all([
      connect(alice),
      connect(bob),
      connect(mallory),
    ]);
    const bobHeard = heard(bobSocket, 'new_message');
    const malloryHeard = heard(mallorySocket, 'new_message');
    const malloryErrors = heard(mallorySocket, 'error_event');

    expect(await emitAck(bobSocket, 'join_conversation', conversationId)).toEqual({ ok: true });
    expect(await emitAck(aliceSocket, 'join_conversation', conversationId)).toEqual({
      ok: true,
    });
    expect(await emitAck(mallorySocket, 'join_conversation', conversationId)).toEqual({
      ok: false,
      message: 'Conversation not found',
    });
    expect(malloryErrors).toEqual([
      { event: 'join_conversation', message: 'Conversation not found' },
    ]);

    const sent = await post(alice, conversationId, 'Hello Bob');
    await vi.waitFor(() => expect(bobHeard).toEqual([sent]));
    // A round trip on Mallory's socket after Bob heard it: anything sent to her came first.
    expect(await emitAck(mallorySocket, 'leave_conversation', conversationId)).toEqual({
      ok: true,
    });
    expect(malloryHeard).toEqual([]);

    // Left, Bob hears no more.
    expect(await emitAck(bobSocket, 'leave_conversation', conversationId)).toEqual({ ok: true });
    const aliceHeard = heard(aliceSocket, 'new_message');
    await post(alice, conversationId, 'Still there?');
    await vi.waitFor(() => expect(aliceHeard.map((m) => m.content)).toEqual(['Still there?']));
    expect(await emitAck(bobSocket, 'leave_conversation', conversationId)).toEqual({ ok: true });
    expect(bobHeard).toEqual([sent]);
  });

  it('a forged send_message never reaches the other side; a sender’s own is re-announced as stored', async () => {
    const [alice, bob, carol] = await people(t.app, 3);
    const conversationId = await openConversation(t.app, alice, bob);
    const other = await openConversation(t.app, carol, bob);
    const [aliceSocket, bobSocket] = await Promise.all([connect(alice), connect(bob)]);
    expect(await emitAck(aliceSocket, 'join_conversation', conversationId)).toEqual({
      ok: true,
    });
    expect(await emitAck(bobSocket, 'join_conversation', conversationId)).toEqual({ ok: true });
    const aliceHeard = heard(aliceSocket, 'new_message');
    const bobErrors = heard(bobSocket, 'error_event');

    const alicesMessage = await post(alice, conversationId, 'From Alice');
    await vi.waitFor(() => expect(aliceHeard).toEqual([alicesMessage]));
    const carolsMessage = await post(carol, other, 'From Carol');

    const refused = { ok: false, message: 'Message not found' };
    // Someone else's message, as if Bob had said it (and with his own words).
    expect(
      await emitAck(bobSocket, 'send_message', { ...alicesMessage, content: 'Forged by Bob' }),
    ).toEqual(refused);
    // A message of another conversation.
    expect(await emitAck(bobSocket, 'send_message', { _id: carolsMessage._id })).toEqual(refused);
    // Made up entirely: an unknown id, and no id at all.
    expect(
      await emitAck(bobSocket, 'send_message', {
        _id: '00000000-0000-4000-8000-000000000000',
        conversationId,
        content: 'I owe you nothing',
      }),
    ).toEqual(refused);
    expect(
      await emitAck(bobSocket, 'send_message', { conversationId, content: 'No id' }),
    ).toMatchObject({ ok: false });
    expect(bobErrors.map((e) => e.event)).toEqual([
      'send_message',
      'send_message',
      'send_message',
      'send_message',
    ]);

    // Bob's own stored message, with other text along: told again exactly as stored.
    const bobsMessage = await post(bob, conversationId, 'From Bob');
    await vi.waitFor(() => expect(aliceHeard).toHaveLength(2));
    expect(
      await emitAck(bobSocket, 'send_message', { ...bobsMessage, content: 'Rewritten' }),
    ).toEqual({ ok: true });
    await vi.waitFor(() => expect(aliceHeard).toHaveLength(3));
    // Once: repeating the id is acknowledged and goes no further.
    expect(await emitAck(bobSocket, 'send_message', { _id: bobsMessage._id })).toEqual({
      ok: true,
    });
    const last = await post(bob, conversationId, 'Last');
    await vi.waitFor(() => expect(aliceHeard).toHaveLength(4));
    expect(aliceHeard).toEqual([alicesMessage, bobsMessage, bobsMessage, last]);
    expect(JSON.stringify(aliceHeard)).not.toMatch(/Forged|owe you|No id|Rewritten|Carol/);
  });

  it('a block takes both people out of the conversation’s room at once; neither joins again nor replays a message until unblocked', async () => {
    const [alice, bob] = await people(t.app, 2);
    const conversationId = await openConversation(t.app, alice, bob);
    const [aliceSocket, bobSocket] = await Promise.all([connect(alice), connect(bob)]);
    expect(await emitAck(aliceSocket, 'join_conversation', conversationId)).toEqual({ ok: true });
    expect(await emitAck(bobSocket, 'join_conversation', conversationId)).toEqual({ ok: true });
    const aliceHeard = heard(aliceSocket, 'new_message');
    const bobHeard = heard(bobSocket, 'new_message');
    const old = await post(alice, conversationId, 'Before the block');
    await vi.waitFor(() => expect(bobHeard).toEqual([old]));
    const messagesNow = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/messages/conversations/${conversationId}/messages`,
          headers: alice.auth,
        })
      ).json<{ data: Message[] }>().data;
    const before = await messagesNow();

    const blocked = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/blocks/${alice.userId}`,
      headers: bob.auth,
    });
    expect(blocked.statusCode).toBe(200);

    // Alice replays her old message: refused as a new one would be, and Bob hears nothing.
    const refused = { ok: false, message: 'You cannot message this user' };
    const aliceErrors = heard(aliceSocket, 'error_event');
    expect(await emitAck(aliceSocket, 'send_message', { _id: old._id })).toEqual(refused);
    expect(aliceErrors).toEqual([{ event: 'send_message', message: refused.message }]);
    // Neither joins again, on this socket or a new one; the one who blocks neither.
    expect(await emitAck(aliceSocket, 'join_conversation', conversationId)).toEqual(refused);
    const aliceLaptop = await connect(alice);
    expect(await emitAck(aliceLaptop, 'join_conversation', conversationId)).toEqual(refused);
    expect(await emitAck(bobSocket, 'join_conversation', conversationId)).toEqual(refused);
    // A round trip on Bob's socket after all that: anything sent to him came first.
    expect(await emitAck(bobSocket, 'leave_conversation', conversationId)).toEqual({ ok: true });
    expect(bobHeard).toEqual([old]);
    expect(await messagesNow()).toEqual(before);

    // Unblocked: both had left the room with the block, so a message reaches neither socket
    // until they join again; then it does, and the replay passes.
    const unblocked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/blocks/${alice.userId}`,
      headers: bob.auth,
    });
    expect(unblocked.statusCode).toBe(200);
    const unheard = await post(bob, conversationId, 'Unheard live');
    expect(await emitAck(aliceSocket, 'leave_conversation', conversationId)).toEqual({ ok: true });
    expect(await emitAck(bobSocket, 'leave_conversation', conversationId)).toEqual({ ok: true });
    expect(aliceHeard.map((m) => m._id)).not.toContain(unheard._id);
    expect(bobHeard.map((m) => m._id)).not.toContain(unheard._id);
    expect(await emitAck(aliceSocket, 'join_conversation', conversationId)).toEqual({ ok: true });
    expect(await emitAck(bobSocket, 'join_conversation', conversationId)).toEqual({ ok: true });
    expect(await emitAck(aliceSocket, 'send_message', { _id: old._id })).toEqual({ ok: true });
    await vi.waitFor(() => expect(bobHeard).toEqual([old, old]));
  });

  it('the one who blocks is taken out of the room on each of their devices, and a block of someone without a conversation changes no room', async () => {
    const [alice, bob, carol] = await people(t.app, 3);
    const withBob = await openConversation(t.app, alice, bob);
    const withCarol = await openConversation(t.app, alice, carol);
    const [phone, laptop, bobSocket, carolSocket] = await Promise.all([
      connect(alice),
      connect(alice),
      connect(bob),
      connect(carol),
    ]);
    for (const socket of [phone, laptop, bobSocket]) {
      expect(await emitAck(socket, 'join_conversation', withBob)).toEqual({ ok: true });
    }
    for (const socket of [phone, carolSocket]) {
      expect(await emitAck(socket, 'join_conversation', withCarol)).toEqual({ ok: true });
    }
    const onPhone = heard(phone, 'new_message');
    const onLaptop = heard(laptop, 'new_message');
    const onCarol = heard(carolSocket, 'new_message');
    const [stranger] = await people(t.app, 1);
    for (const userId of [bob.userId, stranger!.userId]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/blocks/${userId}`,
        headers: alice.auth,
      });
      expect(res.statusCode).toBe(200);
    }
    // The conversation with Carol is untouched: its room still hears both.
    const fromCarol = await post(carol, withCarol, 'Still here');
    await vi.waitFor(() => expect(onPhone).toEqual([fromCarol]));
    const fromAlice = await post(alice, withCarol, 'Me too');
    await vi.waitFor(() => expect(onCarol).toEqual([fromCarol, fromAlice]));
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/blocks/${bob.userId}`,
      headers: alice.auth,
    });
    await post(bob, withBob, 'Anyone?');
    for (const socket of [phone, laptop]) {
      expect(await emitAck(socket, 'leave_conversation', withBob)).toEqual({ ok: true });
    }
    expect(onLaptop).toEqual([]);
    expect(onPhone.map((m) => m.content)).toEqual(['Still here', 'Me too']);
  });

  it('unread counts reach both of a person’s devices, and a read on one clears both', async () => {
    const [alice, bob] = await people(t.app, 2);
    const conversationId = await openConversation(t.app, alice, bob);
    // Accepting read the first message: Bob starts at nothing unread.
    const [phone, laptop] = await Promise.all([connect(bob), connect(bob)]);
    const onPhone = heard(phone, 'unread_count');
    const onLaptop = heard(laptop, 'unread_count');

    await post(alice, conversationId, 'One');
    await post(alice, conversationId, 'Two');
    const two = { total: 2, conversationId, unreadCount: 2 };
    await vi.waitFor(() => expect(onPhone.at(-1)).toEqual(two));
    await vi.waitFor(() => expect(onLaptop.at(-1)).toEqual(two));

    const read = await callApi(t.app, 'markConversationRead', {
      params: { id: conversationId },
      as: bob,
    });
    expect(read.statusCode).toBe(200);
    const none = { total: 0, conversationId, unreadCount: 0 };
    await vi.waitFor(() => expect(onPhone.at(-1)).toEqual(none));
    await vi.waitFor(() => expect(onLaptop.at(-1)).toEqual(none));
  });

  it('a person’s private room hears new requests and accepted ones', async () => {
    const [alice, bob] = await people(t.app, 2);
    const [aliceSocket, bobSocket] = await Promise.all([connect(alice), connect(bob)]);
    const requests = heard(bobSocket, 'message_request');
    const accepted = heard(aliceSocket, 'request_accepted');
    const conversationId = await openConversation(t.app, alice, bob, 'May I?');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ content: 'May I?', sender: { _id: alice.userId } });
    await vi.waitFor(() =>
      expect(accepted).toEqual([{ requestId: requests[0]!._id, conversationId }]),
    );
  });

  it('a bad payload is an error_event and the socket stays usable', async () => {
    const [alice, bob] = await people(t.app, 2);
    const conversationId = await openConversation(t.app, alice, bob);
    const socket = await connect(alice);
    const errors = heard(socket, 'error_event');
    expect(await emitAck(socket, 'join_conversation', 'not-an-id')).toEqual({
      ok: false,
      message: 'Must be a valid id',
    });
    expect(await emitAck(socket, 'join_conversation', { id: conversationId })).toMatchObject({
      ok: false,
    });
    // No acknowledgement callback, as the spec's client sends it: an error_event all the same.
    socket.emit('leave_conversation', 42);
    await vi.waitFor(() => expect(errors).toHaveLength(3));
    expect(errors[0]).toEqual({ event: 'join_conversation', message: 'Must be a valid id' });
    expect(errors[2]!.event).toBe('leave_conversation');
    expect(await emitAck(socket, 'join_conversation', conversationId)).toEqual({ ok: true });
    expect(socket.connected).toBe(true);
  });

  it('the app closes promptly with sockets still connected, and they are told', async () => {
    const [alice] = await people(t.app, 1);
    const socket = await connect(alice);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    closed = true;
    await t.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await gone).toBeTruthy();
  });
});
