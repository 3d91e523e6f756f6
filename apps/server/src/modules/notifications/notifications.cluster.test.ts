/**
 * The live unread count across API processes (decision 0035): two real server processes on one
 * PostgreSQL database and one Redis. A subscription made through process A reaches the channel's
 * socket on process B as `notifications_changed`, once (each process tells only its own
 * sockets). Needs PostgreSQL and Redis: skipped when either does not answer locally, required in
 * CI.
 */
import type { ServerSocketEvents } from '@kinora/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  callServer,
  clusterAvailable,
  registerOn,
  startCluster,
  type Cluster,
  type ServerProcess as Server,
} from '../../../test/cluster';

const ready = await clusterAvailable();

describe.skipIf(!ready)('notification counts across two API processes', () => {
  let cluster: Cluster;
  let socket: Socket | null = null;

  beforeAll(async () => {
    cluster = await startCluster('notify', 2);
  }, 90_000);
  afterAll(async () => {
    socket?.disconnect();
    await cluster?.stop();
  }, 30_000);

  it('a subscription through process A reaches the channel’s socket on process B once', async () => {
    const [a, b] = cluster.servers as [Server, Server];
    const [fan, channel] = await Promise.all([registerOn(a), registerOn(b)]);
    socket = io(b.base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: channel.accessToken },
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });
    const heard: ServerSocketEvents['notifications_changed'][] = [];
    socket.on('notifications_changed', (p: ServerSocketEvents['notifications_changed']) =>
      heard.push(p),
    );

    await callServer(a, 'POST', `/subscriptions/toggle/${channel.userId}`, fan);
    await vi.waitFor(() => expect(heard).toEqual([{ unreadCount: 1 }]), { timeout: 5_000 });
    // A second delivery (each process emitting through the adapter) would come by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heard).toEqual([{ unreadCount: 1 }]);
  }, 30_000);
});
