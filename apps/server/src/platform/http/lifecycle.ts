import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One dependency readiness asks about: it resolves when the dependency answers. */
export type ReadinessCheck = { name: string; check: () => Promise<unknown> };

/**
 * The process's life behind a load balancer (issue 23 item 5). `/livez` answers while the
 * process runs; `/readyz` answers 200 while the database, Redis and storage answer and the
 * process is not draining, 503 otherwise. `drain()` (on SIGTERM) turns readiness false, stops
 * accepting connections, hands the sockets off (they reconnect, through the balancer, to
 * another process), and waits, bounded, for the requests in flight to be answered.
 */
export class Lifecycle {
  private draining = false;
  private inFlight = 0;
  private readonly handOffs: (() => void)[] = [];
  private readonly listeners: NetServer[] = [];
  private idle: (() => void) | null = null;

  get isDraining(): boolean {
    return this.draining;
  }

  /** Called once draining starts, after the listener closed: sockets are told to go elsewhere. */
  onHandOff(handOff: () => void): void {
    this.handOffs.push(handOff);
  }

  /** More handles of the server's listening socket (`listenCopies`): closed with it on a drain. */
  addListeners(listeners: NetServer[]): void {
    this.listeners.push(...listeners);
  }

  /** Adds `/livez` and `/readyz`, and counts the requests in flight. */
  register(app: FastifyInstance, checks: ReadinessCheck[]): void {
    app.addHook('onRequest', (_request, reply, done) => {
      this.inFlight++;
      // Answers given while draining close their connection, so none is reused for a request
      // this process would no longer take.
      if (this.draining) reply.header('Connection', 'close');
      done();
    });
    // A request the client gave up on may still reach onResponse: each is counted out once.
    const settled = new WeakSet<object>();
    const settle = (request: object) => {
      if (settled.has(request)) return;
      settled.add(request);
      this.settled();
    };
    app.addHook('onResponse', (request, _reply, done) => {
      settle(request);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      settle(request);
      done();
    });
    const plain = { 'cache-control': 'no-store' };
    app.get('/livez', { logLevel: 'warn' }, (_request, reply) =>
      reply.headers(plain).send({ status: 'ok' }),
    );
    app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
      if (this.draining) return reply.code(503).headers(plain).send({ status: 'draining' });
      const failing: string[] = [];
      await Promise.all(
        checks.map(({ name, check }) =>
          withTimeout(check(), 2_000).catch(() => {
            failing.push(name);
          }),
        ),
      );
      if (failing.length > 0) {
        return reply
          .code(503)
          .headers(plain)
          .send({ status: 'unavailable', failing: failing.sort() });
      }
      return reply.headers(plain).send({ status: 'ok' });
    });
  }

  private settled(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) this.idle?.();
  }

  /**
   * Stops taking work: readiness false, no new connections, sockets handed off, then waits up
   * to `timeoutMs` for the requests in flight before closing what is left.
   */
  async drain(server: Server, timeoutMs: number): Promise<{ unfinished: number }> {
    this.draining = true;
    for (const listener of this.listeners.splice(0)) listener.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const handOff of this.handOffs) handOff();
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight > 0 && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.idle = resolve;
        setTimeout(resolve, 100).unref();
      });
      this.idle = null;
      server.closeIdleConnections();
    }
    const unfinished = this.inFlight;
    server.closeIdleConnections();
    if (unfinished > 0) server.closeAllConnections();
    await Promise.race([closed, new Promise((r) => setTimeout(r, 1_000).unref())]);
    return { unfinished };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The child that hands a listening socket back: every server handle it gets is sent back to its
 * parent `copies` times (each arrives as a new descriptor of the same socket), then it leaves.
 */
const copier = `
process.once('message', (message, handle) => {
  let left = Number(message && message.copies) || 0;
  const next = (error) => {
    if (error || left-- <= 0) {
      if (handle) handle.close();
      process.disconnect();
      return;
    }
    process.send('kinora:listen-copy', handle, next);
  };
  next();
});
`;

/**
 * More handles of a listening HTTP server's socket, so that one turn of the event loop accepts
 * up to `copies + 1` waiting connections instead of one (decision 0070). Since libuv 1.45
 * (Node 20) a listening handle accepts a single connection per turn, and while the process is
 * busy a turn lasts 10-100 ms: a crowd of new connections (people's browsers coming back after a
 * start) then waits seconds in the kernel's queue while the connections already open are
 * served (bench/README.md, "Where the first seconds' writes waited"). Each copy is the same
 * socket under another descriptor, taken the way Node's cluster hands a listener to its
 * workers: sent to a short-lived child process and back. The connections a copy accepts are
 * given to `server` as its own, with the socket options it would have set. On any failure the
 * copies taken so far are returned (none: the server accepts as before).
 */
export async function listenCopies(
  server: Server,
  copies: number,
  options: { backlog?: number; timeoutMs?: number } = {},
): Promise<NetServer[]> {
  const { backlog, timeoutMs = 10_000 } = options;
  const taken: NetServer[] = [];
  if (copies <= 0 || !server.listening) return taken;
  const child = spawn(process.execPath, ['-e', copier], {
    // Nothing of the server's own flags (its loader, a profiler): the child runs the lines above.
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const own = server as unknown as Record<string, unknown>;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      resolve();
    };
    child.on('message', (message, handle) => {
      if (message !== 'kinora:listen-copy' || !(handle instanceof NetServer)) return;
      // What net.Server sets on the sockets it accepts (onconnection), as the server's own.
      for (const key of [
        'allowHalfOpen',
        'pauseOnConnect',
        'noDelay',
        'keepAlive',
        'keepAliveInitialDelay',
        'highWaterMark',
      ]) {
        (handle as unknown as Record<string, unknown>)[key] = own[key];
      }
      handle.on('connection', (socket) => server.emit('connection', socket));
      // A copy's accept failing (too many open files) is the server's to report, not a crash.
      handle.on('error', (error) => server.emit('error', error));
      taken.push(handle);
      if (taken.length >= copies) finish();
    });
    child.once('error', finish);
    child.once('exit', finish);
    child.send({ copies }, server);
  });
  if (child.exitCode === null) child.kill();
  // Each copy listened again with Node's default queue (511), which the kernel applies to the
  // one socket: the server's own is asked again (libuv's listen on a listening handle only
  // sets the queue).
  if (backlog !== undefined && taken.length > 0) {
    (server as unknown as { _handle?: { listen?: (backlog: number) => number } })._handle?.listen?.(
      backlog,
    );
  }
  return taken;
}
