/**
 * Liveness, readiness and draining (issue 23 item 5) on a real HTTP server: readiness names
 * what does not answer; on a drain readiness turns false, new connections are refused and a
 * request in flight is still answered, within the bound.
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Lifecycle } from './lifecycle';

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
});
