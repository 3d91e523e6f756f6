/**
 * `/metrics` (issue 23 item 4): the figures an operator watches, observed on the real app with
 * its job workers, served on a port of their own and never on the public one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectOk } from '../../../test/api-client';
import { registerUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo } from '../../../test/media-factories';
import { listenWithSockets } from '../../../test/socket-clients';
import { videos } from '../db/schema';
import { Metrics } from './metrics';
import { startMetricsServer, type MetricsServer } from './metrics-server';

let t: TestApp;
let metrics: Metrics;
let server: MetricsServer;

/** The value of one sample line (`name{labels} value`), or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith(`${name}{`) &&
        Object.entries(labels).every(([key, value]) => l.includes(`${key}="${value}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

beforeAll(async () => {
  metrics = new Metrics('all');
  t = await createTestApp({ PUBLIC_CACHE_TTL: '60s' }, { workers: true, metrics });
  server = await startMetricsServer(metrics, { port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('metrics', () => {
  it('leaves out the reads the process makes for itself before serving (the warm-up)', async () => {
    const route = { method: 'GET', route: '/api/v1/healthcheck', status: '200' };
    const before = sample(await scrape(), 'kinora_http_requests_total', route) ?? 0;
    await metrics.unobserved(() => t.app.inject({ method: 'GET', url: '/api/v1/healthcheck' }));
    expect(sample(await scrape(), 'kinora_http_requests_total', route) ?? 0).toBe(before);
    await t.app.inject({ method: 'GET', url: '/api/v1/healthcheck' });
    expect(sample(await scrape(), 'kinora_http_requests_total', route)).toBe(before + 1);
  });

  it('times requests by route template and status, never by the raw URL', async () => {
    const owner = await registerUser(t.app);
    const video = await createVideo(t.app, owner);
    // Processed first (read in the database, not through the route counted below): its
    // processing's changes would drop the kept answer between the reads.
    await vi.waitFor(
      async () => {
        const [row] = await t.database.db
          .select({ status: videos.status })
          .from(videos)
          .where(eq(videos.id, video._id));
        expect(row?.status).toBe('ready');
      },
      { timeout: 60_000, interval: 250 },
    );
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'GET', url: `/api/v1/videos/${video._id}` });
    }
    await t.app.inject({ method: 'GET', url: '/api/v1/videos/not-an-id' });
    const text = await scrape();
    const route = { method: 'GET', route: '/api/v1/videos/:id' };
    // Injected requests skip the HTTP server, where kept answers are sent before Fastify: the
    // two kept ones are answered by its hook, so they are timed like the computed one.
    expect(sample(text, 'kinora_http_requests_total', { ...route, status: '200' })).toBe(3);
    expect(sample(text, 'kinora_http_requests_total', { ...route, status: '400' })).toBe(1);
    expect(
      sample(text, 'kinora_http_request_duration_seconds_count', { ...route, status: '200' }),
    ).toBe(3);
    expect(text).not.toContain(video._id);
    expect(sample(text, 'kinora_kept_answers_total', { result: 'hit' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'kinora_kept_answers_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^kinora_process_cpu_seconds_total\{role="all"\} /m);
  }, 90_000);

  it('reports each job kind’s waits and runs, and the transcoding seconds', async () => {
    const owner = await registerUser(t.app);
    const video = await createVideo(t.app, owner, { title: 'Counted' });
    const slowly = { timeout: 60_000, interval: 250 };
    await vi.waitFor(async () => {
      const current = await expectOk(t.app, 'getVideo', {
        params: { id: video._id },
        as: owner,
      });
      expect(current.status).toBe('ready');
    }, slowly);
    await vi.waitFor(async () => {
      const text = await scrape();
      const runs = { kind: 'video-process', outcome: 'completed' };
      expect(sample(text, 'kinora_job_duration_seconds_count', runs)).toBeGreaterThanOrEqual(1);
      expect(
        sample(text, 'kinora_job_wait_seconds_count', { kind: 'video-process' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        Number(/^kinora_transcoding_seconds_total\{[^}]*\} (.+)$/m.exec(text)?.[1]),
      ).toBeGreaterThan(0);
    }, slowly);
    // The queue's state is read at each scrape: its gauge is there even with nothing waiting.
    expect(await scrape()).toContain('# TYPE kinora_jobs gauge');
  }, 60_000);

  it('counts the sockets connected to this process', async () => {
    const person = await registerUser(t.app);
    const sockets = await listenWithSockets(t);
    const before = sample(await scrape(), 'kinora_sockets_connected', {}) ?? 0;
    await sockets.connect(person.accessToken);
    expect(sample(await scrape(), 'kinora_sockets_connected', {})).toBe(before + 1);
    await sockets.closeClients();
  });

  it('is served only on its own port', async () => {
    const onPublicPort = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(onPublicPort.statusCode).toBe(404);
    expect(onPublicPort.body).not.toContain('kinora_http_requests_total');
    const elsewhere = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(elsewhere.status).toBe(404);
    const posted = await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' });
    expect(posted.status).toBe(405);
  });
});

describe('kept answers counted between scrapes (decision 0071)', () => {
  it('adds what was counted since the last scrape, neither lost nor counted twice', async () => {
    const own = new Metrics('api');
    const read = async () => {
      const text = await own.text();
      return {
        hit: sample(text, 'kinora_kept_answers_total', { result: 'hit' }) ?? 0,
        miss: sample(text, 'kinora_kept_answers_total', { result: 'miss' }) ?? 0,
      };
    };
    for (let i = 0; i < 3; i++) own.keptAnswer('hit');
    own.keptAnswer('miss');
    expect(await read()).toEqual({ hit: 3, miss: 1 });
    expect(await read()).toEqual({ hit: 3, miss: 1 });
    own.keptAnswer('hit');
    own.keptAnswer('hit');
    expect(await read()).toEqual({ hit: 5, miss: 1 });
    // The process's own reads at start are not people's.
    await own.unobserved(() => {
      own.keptAnswer('miss');
      return Promise.resolve();
    });
    expect(await read()).toEqual({ hit: 5, miss: 1 });
  });
});
