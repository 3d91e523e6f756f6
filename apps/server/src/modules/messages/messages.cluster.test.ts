/**
 * The chat across API processes (decision 0022): two real server processes on one PostgreSQL
 * database and one Redis, a socket.io client on each. A message POSTed through process A
 * reaches the member connected to process B live, as `new_message` in the conversation's room
 * and `unread_count` in their private room. Needs PostgreSQL and Redis: skipped when either does
 * not answer locally, required in CI.
 */
import { socketRefusals, type Message, type ServerSocketEvents } from '@kinora/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  callServer,
  clusterAvailable,
  registerOn,
  startCluster,
  type Cluster,
  type Person,
  type ServerProcess as Server,
} from '../../../test/cluster';
import { socketEventLimits } from '../../platform/realtime/event-limits';
import type { SocketAck } from '../../platform/realtime/realtime';

const ready = await clusterAvailable();

describe.skipIf(!ready)('chat across two API processes (PostgreSQL, Redis)', () => {
  const sockets: Socket[] = [];
  let cluster: Cluster;
  let servers: Server[] = [];

  beforeAll(async () => {
    cluster = await startCluster('cluster', 2);
    servers = cluster.servers;
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await cluster?.stop();
  }, 30_000);

  const call = <T>(
    server: Server,
    method: string,
    route: string,
    who: Person | null,
    json?: unknown,
  ): Promise<T> =>
    callServer<T>(server, method, route, who, json === undefined ? undefined : { json });
  const register = registerOn;

  async function connect(server: Server, person: Person): Promise<Socket> {
    const socket = io(server.base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: person.accessToken },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  function heard<E extends keyof ServerSocketEvents>(socket: Socket, event: E) {
    const got: ServerSocketEvents[E][] = [];
    socket.on(event as string, (payload: ServerSocketEvents[E]) => got.push(payload));
    return got;
  }

  it('a message POSTed through process A reaches a socket on process B live', async () => {
    const [a, b] = servers as [Server, Server];
    const [alice, bob] = await Promise.all([register(a), register(b)]);
    const request = await call<{ _id: string }>(a, 'POST', '/messages/requests', alice, {
      receiverId: bob.userId,
      content: 'Hello, may we talk?',
    });
    const { conversationId } = await call<{ conversationId: string }>(
      b,
      'PATCH',
      `/messages/requests/${request._id}`,
      bob,
      { action: 'accept' },
    );

    // Bob is connected to process B only; Alice sends through process A.
    const bobSocket = await connect(b, bob);
    const bobMessages = heard(bobSocket, 'new_message');
    const bobUnread = heard(bobSocket, 'unread_count');
    const joined = (await bobSocket
      .timeout(5_000)
      .emitWithAck('join_conversation', conversationId)) as SocketAck;
    expect(joined).toEqual({ ok: true });

    const sent = await call<Message>(
      a,
      'POST',
      `/messages/conversations/${conversationId}/messages`,
      alice,
      { content: 'Across the processes' },
    );
    await vi.waitFor(() => expect(bobMessages).toEqual([sent]), { timeout: 5_000 });
    await vi.waitFor(
      () => expect(bobUnread.at(-1)).toEqual({ total: 1, conversationId, unreadCount: 1 }),
      { timeout: 5_000 },
    );
  }, 30_000);

  const emitAck = (socket: Socket, event: string, payload: unknown) =>
    socket.timeout(10_000).emitWithAck(event, payload) as Promise<SocketAck>;

  /** Two people with a conversation, asked through process A and accepted through B. */
  async function pair(a: Server, b: Server): Promise<[Person, Person, string]> {
    const [alice, bob] = await Promise.all([register(a), register(b)]);
    const request = await call<{ _id: string }>(a, 'POST', '/messages/requests', alice, {
      receiverId: bob.userId,
      content: 'Hello',
    });
    const { conversationId } = await call<{ conversationId: string }>(
      b,
      'PATCH',
      `/messages/requests/${request._id}`,
      bob,
      { action: 'accept' },
    );
    return [alice, bob, conversationId];
  }

  it('a person’s socket events are counted once over both processes (Redis)', async () => {
    const [a, b] = servers as [Server, Server];
    const [mallory, , conversationId] = await pair(a, b);
    const sockets = await Promise.all([
      connect(a, mallory),
      connect(b, mallory),
      connect(a, mallory),
    ]);
    // Each socket under its own allowance, all three over the person's.
    const each = 25;
    expect(each).toBeLessThan(socketEventLimits.perSocket);
    const answers = await Promise.all(
      sockets.flatMap((socket) =>
        Array.from({ length: each }, () => emitAck(socket, 'leave_conversation', conversationId)),
      ),
    );
    const refused = answers.filter((answer) => !answer.ok);
    expect(refused).toHaveLength(each * sockets.length - socketEventLimits.perPerson);
    expect(refused).toContainEqual({ ok: false, message: socketRefusals.tooManyEvents });
    expect(new Set(refused.map((answer) => !answer.ok && answer.message))).toEqual(
      new Set([socketRefusals.tooManyEvents]),
    );
  }, 30_000);

  it('a block through process A takes both people out of the room on both processes', async () => {
    const [a, b] = servers as [Server, Server];
    const [alice, bob, conversationId] = await pair(a, b);
    const aliceSocket = await connect(a, alice);
    const bobSocket = await connect(b, bob);
    expect(await emitAck(aliceSocket, 'join_conversation', conversationId)).toEqual({ ok: true });
    expect(await emitAck(bobSocket, 'join_conversation', conversationId)).toEqual({ ok: true });
    const aliceHeard = heard(aliceSocket, 'new_message');
    const bobHeard = heard(bobSocket, 'new_message');

    // Alice blocks Bob, and unblocks him, through process A; Bob's socket is on B.
    await call(a, 'PUT', `/users/blocks/${bob.userId}`, alice);
    expect(await emitAck(bobSocket, 'join_conversation', conversationId)).toEqual({
      ok: false,
      message: 'You cannot message this user',
    });
    await call(a, 'DELETE', `/users/blocks/${bob.userId}`, alice);
    // Published by A after its room change: B has taken Bob out before it hears this.
    const unheard = await call<Message>(
      a,
      'POST',
      `/messages/conversations/${conversationId}/messages`,
      alice,
      { content: 'Nobody is in the room' },
    );
    // Back in, a message reaches Bob again: anything of the one before would have come first.
    expect(await emitAck(bobSocket, 'join_conversation', conversationId)).toEqual({ ok: true });
    const heardAgain = await call<Message>(
      a,
      'POST',
      `/messages/conversations/${conversationId}/messages`,
      alice,
      { content: 'Welcome back' },
    );
    await vi.waitFor(() => expect(bobHeard).toEqual([heardAgain]), { timeout: 5_000 });
    expect(aliceHeard.map((m) => m._id)).not.toContain(unheard._id);
  }, 30_000);
});
