import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage';
import { registerMediaRoutes } from './media-routes';

/** Over a real socket: chunk boundaries, aborted downloads and files deleted meanwhile. */
describe('local media over a socket', () => {
  let dir: string;
  let app: FastifyInstance;
  let storage: LocalDiskStorage;
  let base: string;
  // Two and a half read buffers, so ranges cross chunk boundaries.
  const content = randomBytes(2.5 * 1024 * 1024);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kinora-send-'));
    storage = new LocalDiskStorage(dir);
    await storage.put('videos/big.mp4', content, 'video/mp4');
    app = Fastify({ logger: false });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      done();
    });
    await registerMediaRoutes(app, storage);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, { headers });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  it('sends the whole file and ranges across read buffers byte for byte, with every header', async () => {
    const whole = await get('/media/videos/big.mp4');
    expect(whole.res.status).toBe(200);
    expect(whole.body.equals(content)).toBe(true);
    expect(whole.res.headers.get('content-length')).toBe(String(content.length));
    expect(whole.res.headers.get('x-frame-options')).toBe('SAMEORIGIN');

    const start = 1024 * 1024 - 7;
    const end = 2 * 1024 * 1024 + 11;
    const part = await get('/media/videos/big.mp4', { range: `bytes=${start}-${end}` });
    expect(part.res.status).toBe(206);
    expect(part.res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${content.length}`);
    expect(part.body.equals(content.subarray(start, end + 1))).toBe(true);
  });

  it('survives clients that hang up mid-download, and serves the next ones intact', async () => {
    await Promise.all(
      Array.from(
        { length: 8 },
        () =>
          new Promise<void>((resolve) => {
            const request = http.get(`${base}/media/videos/big.mp4`, (res) => {
              res.once('data', () => {
                request.destroy();
                resolve();
              });
            });
            request.on('error', () => resolve());
          }),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        get('/media/videos/big.mp4', { range: `bytes=${i * 100_000}-${i * 100_000 + 1_500_000}` }),
      ),
    );
    answers.forEach(({ res, body }, i) => {
      expect(res.status).toBe(206);
      expect(body.equals(content.subarray(i * 100_000, i * 100_000 + 1_500_001))).toBe(true);
    });
  });

  it('answers 404 once the file is deleted', async () => {
    await storage.put('videos/gone.mp4', Buffer.from('soon gone'), 'video/mp4');
    expect((await get('/media/videos/gone.mp4')).res.status).toBe(200);
    await storage.delete('videos/gone.mp4');
    expect((await get('/media/videos/gone.mp4')).res.status).toBe(404);
  });
});
