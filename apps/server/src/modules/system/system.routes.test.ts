import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness';
import { Router } from '../../platform/http/router';
import { registerSystemRoutes } from './system.routes';

describe('GET /healthcheck', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  /** The healthcheck on the real database, its pings counted. */
  async function healthcheck() {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const pings = { started: 0 };
    registerSystemRoutes(new Router(app, { authenticate: async () => null }), {
      ping: () => {
        pings.started += 1;
        return database.handle.ping();
      },
      version: 'test',
    });
    await app.ready();
    return { app, pings };
  }

  it('answers checks that arrive together with one ping, and pings again for the next', async () => {
    const { app, pings } = await healthcheck();
    try {
      const together = await Promise.all(
        Array.from({ length: 20 }, () => app.inject({ url: '/api/v1/healthcheck' })),
      );
      expect(together.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(together[0]!.json()).toMatchObject({ data: { status: 'ok', database: 'ok' } });
      expect(pings.started).toBe(1);

      expect((await app.inject({ url: '/api/v1/healthcheck' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/v1/healthcheck' })).statusCode).toBe(200);
      expect(pings.started).toBe(3);
    } finally {
      await app.close();
    }
  });
});
