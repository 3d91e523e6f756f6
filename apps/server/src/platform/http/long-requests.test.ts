/**
 * Long addresses and headers get the error envelope with the security headers (issue 20 g): a
 * path of 8,000 characters was a 403 from the web app's files, and a request over Node's 16 KB
 * of headers got Fastify's bare 431 without the envelope or the headers.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ErrorEnvelope } from '@kinora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

const page = '<!doctype html><html><body><div id="root"></div></body></html>';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no client library trims them) and reads the whole answer. */
function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no answer: ${JSON.stringify(text)}`));
      const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers: Object.fromEntries(
          headerLines.map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        ),
        body: text.slice(split + 4),
      });
    });
    socket.write(request);
  });
}

function expectEnvelope(
  answer: { statusCode?: number; status?: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) {
  expect(answer.statusCode ?? answer.status, answer.body.slice(0, 300)).toBe(status);
  expect(String(answer.headers['content-type'])).toContain('application/json');
  expect(String(answer.headers['content-security-policy'])).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-request-id']).toBeTruthy();
  const envelope = JSON.parse(answer.body) as ErrorEnvelope;
  expect(envelope).toMatchObject({ statusCode: status, success: false, code, data: null });
  expect(envelope.message.length).toBeLessThan(200);
  return envelope;
}

describe('long requests, with the web app served', () => {
  let t: TestApp;
  let distDir: string;
  let port: number;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'kinora-web-dist-'));
    await writeFile(path.join(distDir, 'index.html'), page);
    t = await createTestApp({ WEB_DIST_DIR: distDir });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers 414 to an address over the limits: a path over 2 KB, or over 8 KB with its query', async () => {
    for (const url of [
      `/${'a'.repeat(8000)}`,
      `/${'a/'.repeat(1100)}`,
      `/api/v1/${'a'.repeat(3000)}`,
      `/api/v1/videos?sortBy=${'a'.repeat(9000)}`,
      `/?q=${'a'.repeat(8200)}`,
    ]) {
      const envelope = expectEnvelope(await get(url), 414, 'URI_TOO_LONG');
      expect(envelope.message).toBe('The address is too long');
    }
  });

  it('answers 414 and 431 in the envelope where Node’s own parser gives up (over 16 KB)', async () => {
    const longLine = await rawRequest(
      port,
      `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expectEnvelope(longLine, 414, 'URI_TOO_LONG');
    const longHeader = await rawRequest(
      port,
      `GET /api/v1/healthcheck HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    const envelope = expectEnvelope(longHeader, 431, 'HEADERS_TOO_LARGE');
    expect(envelope.message).toBe('The request headers are too large');
    const notHttp = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expectEnvelope(notHttp, 400, 'VALIDATION_FAILED');
    // The server still answers afterwards.
    const fine = await rawRequest(
      port,
      'GET /api/v1/healthcheck HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(fine.status).toBe(200);
  });

  it('answers a long name under the limits as a missing file: the page, or a 404 envelope', async () => {
    for (const url of [`/${'a'.repeat(300)}`, `/watch/${'a'.repeat(1500)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(page);
    }
    const asset = expectEnvelope(
      await get(`/assets/${'a'.repeat(300)}.js`),
      404,
      'ROUTE_NOT_FOUND',
    );
    expect(asset.message).toMatch(/^No route for GET \/assets\/a+…$/);
  });

  it('answers 400 to an API parameter longer than any id, and 404 to a long unknown API path', async () => {
    for (const url of [
      `/api/v1/videos/${'a'.repeat(150)}`,
      `/api/v1/videos/${'a'.repeat(1500)}`,
      `/api/v1/users/c/${'a'.repeat(300)}`,
    ]) {
      const envelope = expectEnvelope(await get(url), 400, 'VALIDATION_FAILED');
      expect(envelope.message).toBe('A part of the path is longer than any id or name');
    }
    expectEnvelope(await get(`/api/v1/nothing/${'a/'.repeat(40)}`), 404, 'ROUTE_NOT_FOUND');
  });
});

describe('long requests, API alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the same: 414 over the limits, 400 for a long parameter, 404 for a long path', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    expectEnvelope(await get(`/${'a'.repeat(8000)}`), 414, 'URI_TOO_LONG');
    expectEnvelope(await get(`/api/v1/videos/${'a'.repeat(1500)}`), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get(`/${'a'.repeat(300)}`), 404, 'ROUTE_NOT_FOUND');
  });
});
