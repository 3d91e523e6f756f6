import { io, type Socket } from 'socket.io-client';
import { freePort } from './free-port';
import type { TestApp } from './harness';

/**
 * The test app listening on a free port, and real socket.io clients of it as the web's are
 * (websocket only, the token in `auth`, no reconnection), each disconnected by `closeClients`.
 */
export async function listenWithSockets(t: TestApp) {
  const port = await freePort();
  await t.app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  const clients: Socket[] = [];

  const client = (auth: Record<string, unknown> | undefined): Socket => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(auth ? { auth } : {}),
    });
    clients.push(socket);
    return socket;
  };

  /** A client connected with this access token (rejects when the server refuses it). */
  const connect = async (token: string): Promise<Socket> => {
    const socket = client({ token });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };

  return {
    url,
    client,
    connect,
    closeClients: () => {
      for (const socket of clients) socket.disconnect();
    },
  };
}
