import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints } from '@kinora/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { Router } from './router';

/** The healthcheck endpoint on a real server, its handler held until `release()`. */
async function appWithSlowHandler(drainMs?: number) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  let finished = false;
  const router = new Router(app, { authenticate: async () => null }, drainMs);
  router.route(endpoints.healthcheck, {
    handler: async () => {
      markStarted();
      await released;
      finished = true;
      return { status: 'ok' as const, database: 'ok' as const, version: 'test', uptimeSeconds: 1 };
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, release, started, finished: () => finished };
}

/** Sends a request and hangs up as soon as its handler is running. */
async function hangUpDuring(port: number, started: Promise<void>): Promise<void> {
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    path: `/api/v1${endpoints.healthcheck.path}`,
  });
  request.on('error', () => undefined);
  request.end();
  await started;
  request.destroy();
}

describe('Router', () => {
  it('lets closing the app wait for a handler whose client hung up', async () => {
    const { app, port, release, started, finished } = await appWithSlowHandler();
    await hangUpDuring(port, started);
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    // The connection is gone, so the HTTP server alone would be closed by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(finished()).toBe(true);
  });

  it('stops waiting for running handlers after the drain limit', async () => {
    const { app, port, release, started, finished } = await appWithSlowHandler(200);
    await hangUpDuring(port, started);
    await app.close();
    expect(finished()).toBe(false);
    release();
  });
});
