import type { Server } from 'node:http';
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
  private idle: (() => void) | null = null;

  get isDraining(): boolean {
    return this.draining;
  }

  /** Called once draining starts, after the listener closed: sockets are told to go elsewhere. */
  onHandOff(handOff: () => void): void {
    this.handOffs.push(handOff);
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
