import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { QueueConnection } from '../db/client';

/** A typed job: its name, its payload type, and how it is retried. */
export interface JobDefinition<T extends object> {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** An active job not finished by then is failed and retried (a crashed worker's job). */
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

/**
 * Jobs on pg-boss in the same database: in the API process in the embedded profile, in
 * `--role worker` processes when scaled out. Handlers must be idempotent: a job may run again
 * after a crash.
 */
export class JobQueue {
  private readonly aborts = new Set<AbortController>();

  private constructor(
    private readonly boss: PgBoss,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async start(connection: QueueConnection, log: FastifyBaseLogger): Promise<JobQueue> {
    const boss =
      connection.kind === 'url'
        ? new PgBoss({ connectionString: connection.url, schema: 'pgboss', max: 4 })
        : new PgBoss({
            db: { executeSql: connection.executeSql },
            schema: 'pgboss',
          } as unknown as PgBoss.ConstructorOptions);
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    return new JobQueue(boss, log);
  }

  async declare(definition: JobDefinition<object>): Promise<void> {
    await this.boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: definition.retryBackoff,
      expireInSeconds: definition.expireInSeconds,
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
      expireInSeconds: definition.expireInSeconds,
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
    const concurrency = options.concurrency ?? 1;
    for (let i = 0; i < concurrency; i++) {
      await this.boss.work<T>(
        definition.name,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
          includeMetadata: true,
          batchSize: 1,
        },
        async ([job]) => {
          if (!job) return;
          const abort = new AbortController();
          this.aborts.add(abort);
          const attempt = job.retryCount + 1;
          try {
            await handler(job.data, {
              attempt,
              isLastAttempt: job.retryCount >= job.retryLimit,
              signal: abort.signal,
            });
          } catch (error) {
            this.log.warn(
              { err: error, job: definition.name, jobId: job.id, attempt },
              'job failed',
            );
            throw error;
          } finally {
            this.aborts.delete(abort);
          }
        },
      );
    }
  }

  /**
   * Hands jobs left active by a process that died back to the queue at once. Only for the
   * embedded profile, where this process is the only worker (PGlite admits one process).
   */
  async requeueInterrupted(definition: JobDefinition<object>): Promise<number> {
    const ids: string[] = [];
    // pg-boss has no query for active jobs; its job table is read directly.
    const db = this.boss.getDb() as {
      executeSql: (t: string, v?: unknown[]) => Promise<{ rows: { id: string }[] }>;
    };
    const { rows } = await db.executeSql(
      `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`,
      [definition.name],
    );
    ids.push(...rows.map((r) => r.id));
    if (ids.length > 0) {
      await this.boss.fail(definition.name, ids);
    }
    return ids.length;
  }

  async stop(): Promise<void> {
    for (const abort of this.aborts) abort.abort();
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
