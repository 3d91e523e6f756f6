/**
 * The chat across API processes (decision 0022): two real server processes on one PostgreSQL
 * database and one Redis, a socket.io client on each. A message POSTed through process A
 * reaches the member connected to process B live, as `new_message` in the conversation's room
 * and `unread_count` in their private room. Needs PostgreSQL and Redis: skipped when either does
 * not answer locally, required in CI.
 */
import type { Message, ServerSocketEvents } from '@kinora/contract';
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
});
