/**
 * Job leases on a real database (PGlite, or PostgreSQL with TEST_DB=postgres): a job that runs
 * several leases long keeps its lease while its worker lives, and a job whose worker stops
 * renewing (here: it never started renewing, as after a kill) goes back to the queue within
 * about a lease. The kill -9 case with a real process is crash-resume.test.ts.
 */
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness';
import { defineJob, JobQueue } from './job-queue';

const leaseSeconds = 3;

describe('job leases', () => {
  let database: TestDatabase;
  let queue: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await JobQueue.start(database.handle.queueConnection, pino({ level: 'silent' }), {
      leaseSeconds,
    });
  });
  afterAll(async () => {
    await queue.stop();
    await database.drop();
  });

  it('keeps the lease of a job that runs three leases long, so it runs once', async () => {
    const job = defineJob<{ n: number }>({
      name: 'lease-long-run',
      retryLimit: 2,
      retryDelaySeconds: 1,
      retryBackoff: false,
      expireInSeconds: 60,
    });
    await queue.declare(job);
    let runs = 0;
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    await queue.work(job, async () => {
      runs++;
      await new Promise((r) => setTimeout(r, leaseSeconds * 3 * 1000));
      finished();
    });
    await queue.send(job, { n: 1 });
    await done;
    // Long enough for maintenance to have failed an unrenewed job and for its retry to start.
    await new Promise((r) => setTimeout(r, leaseSeconds * 1500));
    expect(runs).toBe(1);
  }, 30_000);

  it('hands a job whose worker stopped renewing back to the queue within the lease', async () => {
    const job = defineJob<{ n: number }>({
      name: 'lease-abandoned',
      retryLimit: 2,
      retryDelaySeconds: 0,
      retryBackoff: false,
      expireInSeconds: 60,
    });
    await queue.declare(job);
    await queue.send(job, { n: 1 });
    // Take the job as a worker that then died would have: active, and nobody renews it.
    const connection = database.handle.queueConnection;
    const deadWorker =
      connection.kind === 'url'
        ? new PgBoss({ connectionString: connection.url, schema: 'pgboss', supervise: false })
        : new PgBoss({
            db: { executeSql: connection.executeSql },
            schema: 'pgboss',
            supervise: false,
          } as unknown as PgBoss.ConstructorOptions);
    await deadWorker.start();
    const [taken] = await deadWorker.fetch(job.name);
    expect(taken).toBeDefined();
    const takenAt = Date.now();
    await deadWorker.stop({ graceful: false, wait: true });

    const retaken = new Promise<number>((resolve) => {
      void queue.work(job, async () => resolve(Date.now() - takenAt));
    });
    // The lease, then maintenance (every quarter lease, but at least a second, and pg-boss may
    // skip a tick) and polling (1 s); the job's old expiry was two hours.
    expect(await retaken).toBeLessThan((leaseSeconds * 2 + 2) * 1000);
  }, 30_000);

  it('a stopping worker hands its running job back: another takes it at once, as the same attempt', async () => {
    const job = defineJob<{ n: number }>({
      name: 'lease-handed-back',
      retryLimit: 2,
      // A failure would wait a minute: only a hand-back is taken at once.
      retryDelaySeconds: 60,
      retryBackoff: false,
      expireInSeconds: 60,
    });
    await queue.declare(job);
    const stopping = await JobQueue.start(
      database.handle.queueConnection,
      pino({ level: 'silent' }),
      { leaseSeconds: 60 },
    );
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await stopping.work(job, (_data, { signal }) => {
      started();
      // A transcode: it ends when its signal says so.
      return new Promise<void>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('stopped'))),
      );
    });
    await queue.send(job, { n: 1 });
    await running;
    const stoppedAt = Date.now();
    await stopping.stop();

    const attempts: number[] = [];
    const retaken = new Promise<number>((resolve) => {
      void queue.work(job, async (_data, { attempt }) => {
        attempts.push(attempt);
        resolve(Date.now() - stoppedAt);
      });
    });
    // Its lease was a minute and a failure's retry a minute more: taken within a poll or two.
    expect(await retaken).toBeLessThan(5_000);
    expect(attempts).toEqual([1]);
  }, 30_000);
});
