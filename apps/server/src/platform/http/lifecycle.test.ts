/**
 * Liveness, readiness and draining (issue 23 item 5) on a real HTTP server: readiness names
 * what does not answer; on a drain readiness turns false, new connections are refused and a
 * request in flight is still answered, within the bound.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Lifecycle, listenCopies } from './lifecycle';

describe('Lifecycle', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function serve(checks: { name: string; check: () => Promise<unknown> }[]) {
    const lifecycle = new Lifecycle();
    const app = Fastify();
    apps.push(app);
    lifecycle.register(app, checks);
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 400));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    return { lifecycle, app, base: `http://127.0.0.1:${port}` };
  }

  it('answers /livez, and /readyz with what does not answer', async () => {
    let redisUp = true;
    const { base } = await serve([
      { name: 'database', check: () => Promise.resolve() },
      {
        name: 'redis',
        check: () => (redisUp ? Promise.resolve() : Promise.reject(new Error('down'))),
      },
    ]);
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok' }]);
    redisUp = false;
    const unready = await fetch(`${base}/readyz`);
    expect([unready.status, await unready.json()]).toEqual([
      503,
      { status: 'unavailable', failing: ['redis'] },
    ]);
    expect((await fetch(`${base}/livez`)).status).toBe(200);
  });

  it('on a drain: readiness false, sockets handed off, no new connections, the request in flight answered', async () => {
    const { lifecycle, app, base } = await serve([]);
    let handedOff = 0;
    lifecycle.onHandOff(() => handedOff++);
    const inFlight = fetch(`${base}/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const drained = lifecycle.drain(app.server, 5_000);
    const readiness = await app.inject({ method: 'GET', url: '/readyz' });
    expect([readiness.statusCode, readiness.json()]).toEqual([503, { status: 'draining' }]);
    expect(handedOff).toBe(1);
    await expect(fetch(`${base}/livez`)).rejects.toThrow();
    const answer = await inFlight;
    expect([answer.status, await answer.json()]).toEqual([200, { done: true }]);
    expect(await drained).toEqual({ unfinished: 0 });
  });

  it('stops waiting at its bound', async () => {
    const { lifecycle, app, base } = await serve([]);
    const inFlight = fetch(`${base}/slow`).catch(() => 'cut');
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    expect(await lifecycle.drain(app.server, 100)).toEqual({ unfinished: 1 });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await inFlight).toBe('cut');
  });

  /**
   * Opens `count` connections at once while every turn of the loop is kept busy 20 ms (as a
   * process computing answers is), and counts, turn by turn, the connections the server took;
   * `byCopy` the ones a copy took, `noDelay` whether each had Nagle turned off.
   */
  async function crowd(app: ReturnType<typeof Fastify>, port: number, count: number) {
    const perTurn: number[] = [0];
    const noDelay = new Set<boolean>();
    let byCopy = 0;
    app.server.on('connection', (socket: net.Socket) => {
      perTurn[perTurn.length - 1]!++;
      // net.Server marks the sockets it accepts as its own; the HTTP server then claims them.
      if ((socket as unknown as { _server: unknown })._server !== app.server) byCopy++;
      noDelay.add((socket as unknown as Record<symbol, boolean>)[kSetNoDelayOf(socket)] ?? false);
    });
    const sockets: net.Socket[] = [];
    let busy = true;
    const turn = () => {
      const t0 = Date.now();
      while (Date.now() - t0 < 20);
      perTurn.push(0);
      if (busy) setImmediate(turn);
    };
    for (let i = 0; i < count; i++) sockets.push(net.connect(port, '127.0.0.1'));
    setImmediate(turn);
    const deadline = Date.now() + 10_000;
    while (perTurn.reduce((a, b) => a + b, 0) < count && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    busy = false;
    for (const socket of sockets) socket.destroy();
    return { perTurn, byCopy, noDelay };
  }

  it('takes one waiting connection a turn from one listening handle (Node 20)', async () => {
    const { app } = await serve([]);
    const { port } = app.server.address() as { port: number };
    const { perTurn } = await crowd(app, port, 30);
    expect(perTurn.reduce((a, b) => a + b, 0)).toBe(30);
    expect(Math.max(...perTurn)).toBe(1);
  });

  it('takes a crowd of new connections several a turn with copies of the listening socket', async () => {
    const { lifecycle, app, base } = await serve([]);
    const { port } = app.server.address() as { port: number };
    const copies = await listenCopies(app.server, 7);
    expect(copies).toHaveLength(7);
    lifecycle.addListeners(copies);
    const { perTurn, byCopy, noDelay } = await crowd(app, port, 120);
    expect(perTurn.reduce((a, b) => a + b, 0)).toBe(120);
    expect(Math.max(...perTurn)).toBeGreaterThan(1);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(8);
    // The connections a copy took are the server's own, with the options it sets: no Nagle.
    expect(byCopy).toBeGreaterThan(0);
    expect(noDelay).toEqual(new Set([(app.server as unknown as { noDelay: boolean }).noDelay]));
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => fetch(`${base}/livez`).then((r) => r.status)),
    );
    expect(new Set(answers)).toEqual(new Set([200]));
  });

  it('keeps the listen queue asked for', async (context) => {
    const { app } = await serve([]);
    const { port } = app.server.address() as { port: number };
    const queue = () => {
      const shown = spawnSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' });
      return shown.error ? null : Number(shown.stdout.trim().split(/\s+/)[2]);
    };
    if (queue() === null) context.skip();
    // Each copy listens again with Node's default (511); the server's own queue is asked again.
    expect(await listenCopies(app.server, 3, { backlog: 1024 })).toHaveLength(3);
    // The kernel caps it at net.core.somaxconn (4096 on current Linux, 128 on old ones).
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(queue()).toBe(Math.min(1024, somaxconn));
  });

  it('on a drain the copies stop taking connections with the server', async () => {
    const { lifecycle, app, base } = await serve([]);
    lifecycle.addListeners(await listenCopies(app.server, 3));
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    expect(await lifecycle.drain(app.server, 1_000)).toEqual({ unfinished: 0 });
    for (let i = 0; i < 8; i++) await expect(fetch(`${base}/livez`)).rejects.toThrow();
  });

  it('gives none for a server not listening', async () => {
    const app = Fastify();
    apps.push(app);
    expect(await listenCopies(app.server, 3)).toEqual([]);
  });
});

/** Node marks a socket whose Nagle it turned off with a symbol named `kSetNoDelay`. */
function kSetNoDelayOf(socket: net.Socket): symbol {
  return Object.getOwnPropertySymbols(socket).find((s) => s.description === 'kSetNoDelay')!;
}
