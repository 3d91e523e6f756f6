import { endpoints } from '@kinora/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/harness';
import { installErrorHandler } from './error-handler';
import { AppError } from './errors';

describe('error handler', () => {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.get('/boom', async () => {
    throw new Error('connection string postgres://secret@db failed at /srv/app.ts:12');
  });
  app.get('/forbidden', async () => {
    throw new AppError('FORBIDDEN', 'Not yours');
  });
  app.post('/typed', { schema: { body: z.object({ n: z.number() }) } }, async () => ({ ok: true }));

  it('answers a 500 that shows no internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      data: null,
      message: 'Something went wrong on our side; please try again',
      success: false,
      code: 'INTERNAL',
    });
    expect(res.body).not.toContain('postgres');
  });

  it('renders AppError with its status and code', async () => {
    const res = await app.inject({ method: 'GET', url: '/forbidden' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Not yours', success: false });
  });

  it('maps schema failures to 400 with field errors', async () => {
    const res = await app.inject({ method: 'POST', url: '/typed', payload: { n: 'one' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('n');
  });
});

describe('framework errors through the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here?token=abc' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', success: false });
    expect(res.json().message).not.toContain('token');
  });

  it('answers 415 for a body type a JSON call does not take', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 for an oversized JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['a path parameter over 100 characters', `/api/v1/videos/${'a'.repeat(150)}`],
    ['a user name over 100 characters', `/api/v1/users/c/${'n'.repeat(101)}?x=1`],
    ['a path parameter that is not valid percent-encoding', '/api/v1/videos/%E0%A4%A'],
  ])('answers %s with a 400 envelope and the security headers', async (_label, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      data: null,
      message: expect.any(String),
      success: false,
      code: 'VALIDATION_FAILED',
    });
    expect(res.body).not.toContain('FST_');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('answers the healthcheck', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/healthcheck' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: 'ok' });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/users/login',
        '/api/v1/users/register',
        '/api/v1/users/current-user',
      ]),
    );
    // A success's message, stated by the contract, describes the answer.
    expect(doc.paths['/api/v1/users/login'].post.responses['200'].description).toBe(
      endpoints.login.message,
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('allows CORS only for configured origins', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/login',
      headers: { origin: t.config.publicUrl, 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe(t.config.publicUrl);
    const denied = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });
});
