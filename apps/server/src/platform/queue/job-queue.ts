import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { QueueConnection } from '../db/client';

/** A typed job: its name, its payload type, and how it is retried. */
export interface JobDefinition<T extends object> {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * The longest one run may take: past it the run is aborted and retried (a hung worker). A
   * crashed worker is noticed much sooner, when its lease runs out (see JobQueue).
   */
  expireInSeconds: number;
  /** Phantom field carrying the payload type. */
  readonly payload?: T;
}

export const defineJob = <T extends object>(
  definition: Omit<JobDefinition<T>, 'payload'>,
): JobDefinition<T> => definition;

export interface JobContext {
  attempt: number;
  isLastAttempt: boolean;
  signal: AbortSignal;
}

export interface JobQueueOptions {
  /** How long a job stays with a worker that stopped renewing it (a process that died). */
  leaseSeconds?: number;
  /** Told of each run: how long the job waited, how long it ran, whether it completed. */
  onRun?: (kind: string, run: { waitSeconds: number; seconds: number; ok: boolean }) => void;
}

/** A crashed worker's job goes back to the queue within about a minute and a quarter. */
export const defaultLeaseSeconds = 60;

interface SqlRunner {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: { id: string }[] }>;
}

/**
 * Jobs on pg-boss in the same database: in the API process in the embedded profile, in
 * `--role worker` processes when scaled out. Handlers must be idempotent: a job may run again
 * after a crash.
 *
 * Leases: pg-boss 10 has no heartbeat (it came in 11, which needs Node 22), only an expiry
 * after which its maintenance fails an active job. So every job is sent with a short expiry
 * (the lease), the worker running it pushes that expiry forward every quarter lease, and
 * maintenance runs every quarter lease: a worker killed mid-job loses the job within about 1.25
 * leases, on either database, while a long transcode keeps it for as long as its worker lives.
 * The fetch loop is ours, not pg-boss's `work()`, because `work()` gives up on a handler once
 * the job's original expiry has passed and then takes the next job beside the one still running.
 */
export class JobQueue {
  private readonly aborts = new Set<AbortController>();
  private readonly loops = new Set<Promise<void>>();
  private stopping = false;
  /** Wakes idle fetch loops when the queue stops, so stopping does not wait out a poll. */
  private wake = () => {};
  private readonly stopped = new Promise<void>((resolve) => (this.wake = resolve));

  private constructor(
    private readonly boss: PgBoss,
    private readonly log: FastifyBaseLogger,
    private readonly leaseSeconds: number,
    private readonly onRun: JobQueueOptions['onRun'],
  ) {}

  static async start(
    connection: QueueConnection,
    log: FastifyBaseLogger,
    options: JobQueueOptions = {},
  ): Promise<JobQueue> {
    const leaseSeconds = options.leaseSeconds ?? defaultLeaseSeconds;
    // Expired leases are looked for this often (under an advisory lock: one process of a
    // cluster does it per interval).
    const maintenanceIntervalSeconds = Math.max(1, Math.floor(leaseSeconds / 4));
    const boss =
      connection.kind === 'url'
        ? new PgBoss({
            connectionString: connection.url,
            schema: 'pgboss',
            max: 4,
            maintenanceIntervalSeconds,
          })
        : new PgBoss({
            db: { executeSql: connection.executeSql },
            schema: 'pgboss',
            maintenanceIntervalSeconds,
          } as unknown as PgBoss.ConstructorOptions);
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    return new JobQueue(boss, log, leaseSeconds, options.onRun);
  }

  private get sql(): SqlRunner {
    // pg-boss has no API for active jobs or for renewing one; its job table is used directly.
    return this.boss.getDb() as SqlRunner;
  }

  async declare(definition: JobDefinition<object>): Promise<void> {
    await this.boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: definition.retryBackoff,
      expireInSeconds: this.leaseSeconds,
    });
  }

  async send<T extends object>(
    definition: JobDefinition<T>,
    data: T,
    options: { singletonKey?: string } = {},
  ): Promise<void> {
    await this.boss.send(definition.name, data, {
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: definition.retryBackoff,
      expireInSeconds: this.leaseSeconds,
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  async schedule(definition: JobDefinition<object>, cron: string): Promise<void> {
    await this.boss.schedule(definition.name, cron, {});
  }

  async work<T extends object>(
    definition: JobDefinition<T>,
    handler: (data: T, context: JobContext) => Promise<void>,
    options: { concurrency?: number; pollingIntervalSeconds?: number } = {},
  ): Promise<void> {
    const pollMs = (options.pollingIntervalSeconds ?? 1) * 1000;
    for (let i = 0; i < (options.concurrency ?? 1); i++) {
      const loop = this.workLoop(definition, handler, pollMs);
      this.loops.add(loop);
      void loop.finally(() => this.loops.delete(loop));
    }
  }

  private async workLoop<T extends object>(
    definition: JobDefinition<T>,
    handler: (data: T, context: JobContext) => Promise<void>,
    pollMs: number,
  ): Promise<void> {
    while (!this.stopping) {
      let job: PgBoss.JobWithMetadata<T> | undefined;
      try {
        [job] = await this.boss.fetch<T>(definition.name, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        if (this.stopping) return;
        this.log.error({ err: error, job: definition.name }, 'job fetch failed');
      }
      if (job) await this.run(definition, job, handler);
      else {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([new Promise((r) => (timer = setTimeout(r, pollMs))), this.stopped]);
        clearTimeout(timer);
      }
    }
  }

  private async run<T extends object>(
    definition: JobDefinition<T>,
    job: PgBoss.JobWithMetadata<T>,
    handler: (data: T, context: JobContext) => Promise<void>,
  ): Promise<void> {
    const abort = new AbortController();
    this.aborts.add(abort);
    const attempt = job.retryCount + 1;
    const lease = this.holdLease(definition, job, abort);
    const started = performance.now();
    let ok = false;
    try {
      await handler(job.data, {
        attempt,
        isLastAttempt: job.retryCount >= job.retryLimit,
        signal: abort.signal,
      });
      lease.stop();
      ok = true;
      // A run that lost its lease leaves the job to whoever holds it now.
      if (!lease.isLost()) await this.boss.complete(definition.name, job.id);
    } catch (error) {
      lease.stop();
      if (this.stopping && !lease.isLost() && (await this.handBack(definition, job))) {
        this.log.info({ job: definition.name, jobId: job.id }, 'job handed back on stop');
        return;
      }
      this.log.warn({ err: error, job: definition.name, jobId: job.id, attempt }, 'job failed');
      if (!lease.isLost()) {
        const message = error instanceof Error ? error.message : String(error);
        await this.boss.fail(definition.name, job.id, { message }).catch((failError: unknown) => {
          // Not failed now, the job is failed by its lease running out.
          this.log.error({ err: failError, job: definition.name }, 'could not fail job');
        });
      }
    } finally {
      lease.stop();
      this.aborts.delete(abort);
      this.onRun?.(definition.name, {
        waitSeconds:
          (new Date(job.startedOn).getTime() - new Date(job.startAfter).getTime()) / 1000 || 0,
        seconds: (performance.now() - started) / 1000,
        ok,
      });
    }
  }

  /** Jobs waiting (created, retry) and running (active), by kind, across every process. */
  async counts(): Promise<{ kind: string; state: string; count: number }[]> {
    const { rows } = (await this.sql.executeSql(
      `SELECT name AS kind, state::text AS state, count(*)::int AS count
         FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY 1, 2`,
    )) as unknown as { rows: { kind: string; state: string; count: number }[] };
    return rows;
  }

  /**
   * Keeps the job's lease while its handler runs, and aborts the handler when it runs past its
   * definition's limit or when the lease was lost anyway (this process stalled for longer than
   * a lease and the job went back to the queue: another worker may have it now).
   */
  private holdLease(
    definition: JobDefinition<object>,
    job: PgBoss.JobWithMetadata<unknown>,
    abort: AbortController,
  ): { stop: () => void; isLost: () => boolean } {
    let lost = false;
    const renew = async () => {
      // Expiry is started_on + expire_in; started_on stays true for pg-boss's own records, and
      // matching it (to the millisecond: the driver's Date drops microseconds) tells this run
      // from a later run of the same job.
      const { rows } = await this.sql.executeSql(
        `UPDATE pgboss.job
            SET expire_in = (now() - started_on) + make_interval(secs => $4)
          WHERE name = $1 AND id = $2 AND state = 'active'
            AND abs(extract(epoch FROM started_on - $3::timestamptz)) < 0.001
          RETURNING id`,
        [definition.name, job.id, job.startedOn, this.leaseSeconds],
      );
      if (rows.length === 0 && !lost && renewal !== null) {
        lost = true;
        this.log.warn({ job: definition.name, jobId: job.id }, 'job lease lost; run aborted');
        abort.abort(new Error('Job lease lost'));
      }
    };
    let renewal: NodeJS.Timeout | null = setInterval(
      () => {
        renew().catch((error: unknown) =>
          // Retried at the next tick; the lease outlives three of them.
          this.log.warn({ err: error, job: definition.name }, 'job lease renewal failed'),
        );
      },
      (this.leaseSeconds * 1000) / 4,
    );
    const limit = setTimeout(() => {
      abort.abort(new Error(`Job ran longer than ${definition.expireInSeconds} s`));
    }, definition.expireInSeconds * 1000);
    return {
      stop: () => {
        if (renewal) clearInterval(renewal);
        renewal = null;
        clearTimeout(limit);
      },
      isLost: () => lost,
    };
  }

  /**
   * Hands jobs left active by a process that died back to the queue at once. Only for the
   * embedded profile, where this process is the only worker (PGlite admits one process), so
   * it need not wait for their leases to run out.
   */
  async requeueInterrupted(definition: JobDefinition<object>): Promise<number> {
    const { rows } = await this.sql.executeSql(
      `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`,
      [definition.name],
    );
    const ids = rows.map((r) => r.id);
    if (ids.length > 0) await this.boss.fail(definition.name, ids);
    return ids.length;
  }

  /**
   * Gives a job this stopping process was running back to the queue, ready at once and without
   * counting as an attempt: another worker takes it on its next poll instead of after its lease
   * or its retry delay (issue 23 item 5). False when the job was not ours to give back.
   */
  private async handBack(
    definition: JobDefinition<object>,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<boolean> {
    try {
      const { rows } = await this.sql.executeSql(
        `UPDATE pgboss.job
            SET state = 'retry', started_on = NULL, start_after = now() - interval '1 second'
          WHERE name = $1 AND id = $2 AND state = 'active'
            AND abs(extract(epoch FROM started_on - $3::timestamptz)) < 0.001
          RETURNING id`,
        [definition.name, job.id, job.startedOn],
      );
      return rows.length > 0;
    } catch (error) {
      this.log.warn({ err: error, job: definition.name }, 'could not hand the job back');
      return false;
    }
  }

  /** Aborts running handlers (their jobs go back to the queue at once) and stops polling. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    for (const abort of this.aborts) abort.abort();
    await Promise.race([
      Promise.allSettled([...this.loops]),
      new Promise((r) => setTimeout(r, 10_000).unref()),
    ]);
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
