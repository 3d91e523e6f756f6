import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './platform/config/config';
import { openDatabase } from './platform/db/client';
import { connectEventRelay } from './platform/events/event-relay';
import { Metrics } from './platform/metrics/metrics';
import { startMetricsServer, type MetricsServer } from './platform/metrics/metrics-server';
import { JobQueue } from './platform/queue/job-queue';
import { serializeError } from './platform/logger';
import { Lifecycle } from './platform/http/lifecycle';
import { warmHotReads } from './platform/http/warm-reads';
import { createStorage } from './platform/storage/create-storage';
import { checkSharedSecrets, checkSharedStorage } from './platform/deployment/agreement';
import { redisAnswersWithin } from './platform/redis/answers';
import { createServices } from './services';
import { declareQueues, startWorkers } from './workers';

/** The listen queue asked of the kernel (see `app.listen` below). */
const listenBacklog = 4096;

/** Parses config, opens the database, applies migrations and starts the roles asked for. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Failed jobs log their errors too: the same serializer keeps query values out.
  const log = pino({ level: config.logLevel, serializers: { err: serializeError } });
  const storage = createStorage(config.storage);
  // A worker without its storage, or a wrong bucket, stops here naming the setting.
  try {
    await storage.check?.();
  } catch (error) {
    console.error(`Invalid configuration:\n  - ${(error as Error).message}`);
    process.exit(1);
  }
  // A Redis named but not there is a wrong setting, not an outage: stop now, naming it. Lost
  // later, it degrades as the README says (limits per process, events on this process only).
  if (config.redis) {
    const problem = await redisAnswersWithin(config.redis.url, 5_000);
    if (problem) {
      console.error(`Invalid configuration:\n  - REDIS_URL: ${problem}`);
      process.exit(1);
    }
  }
  const database = await openDatabase(config.database);
  await database.migrate();
  // Every process on this database must share its secrets and its storage (decision 0047).
  const secretCheck = await checkSharedSecrets(database.db, config.secrets, {
    acceptNew: config.acceptNewSecrets,
  });
  const storageProblem = await checkSharedStorage(database.db, storage, config.storage);
  const problems = [...secretCheck.problems, ...(storageProblem ? [storageProblem] : [])];
  if (problems.length > 0) {
    console.error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    await database.close();
    process.exit(1);
  }
  // A worker serves no requests: the writes' connections are an API process's (decision 0059).
  await database.warm({ writes: config.role !== 'worker' });
  const metrics = config.metrics ? new Metrics(config.role) : undefined;
  if (secretCheck.replaced.length > 0)
    log.warn({ settings: secretCheck.replaced }, 'new secrets recorded (ACCEPT_NEW_SECRETS)');
  const queue = await JobQueue.start(database.queueConnection, log, {
    leaseSeconds: config.jobLeaseSeconds,
    ...(metrics ? { onRun: metrics.jobRan.bind(metrics) } : {}),
  });
  metrics?.watch({
    jobs: () => queue.counts(),
    pool: () => database.poolUse(),
    writesPool: () => database.writesPoolUse(),
  });
  await declareQueues(queue);
  const services = createServices({
    config,
    database,
    storage,
    queue,
    onListenerError: (err, event) => log.error({ err, event }, 'domain event listener failed'),
    // The error's codes only: a mail server's text may quote the address.
    onMailError: (err) =>
      log.warn(
        {
          code: (err as { code?: unknown }).code,
          responseCode: (err as { responseCode?: unknown }).responseCode,
        },
        'a password reset mail could not be sent',
      ),
    // The push service's answer status only: its endpoint names the browser.
    onPushError: (err) =>
      log.warn(
        { statusCode: (err as { statusCode?: unknown }).statusCode },
        'a push could not be sent',
      ),
  });

  const resealed = await services.twoFactor.resealSecrets();
  if (resealed > 0) log.info({ resealed }, 'authenticator secrets sealed under AUTHENTICATOR_KEY');

  // Changes made here reach every other process's kept answers, and theirs this one's
  // (decision 0025): a worker's finished transcode included.
  const relay = config.redis
    ? await connectEventRelay(
        config.redis,
        services.events,
        log,
        (age) => metrics?.eventArrived(age),
        (hearing) => {
          services.sessions.hearRevocations(hearing);
          // Readers' follows and liked comments kept on their own events (decision 0058) are
          // asked afresh after a gap.
          if (!hearing) {
            services.channels.forgetKeptReaders();
            services.comments.forgetKeptReaders();
          }
          // What is kept long on events alone (people's histories, answers and first entries:
          // decisions 0060 and 0064, their own `onRelayGap` listeners) is forgotten when the
          // relay stops hearing and again when it hears once more: what was kept between may
          // have missed an event.
          services.events.relayGap();
        },
      )
    : null;
  // Redis answered a moment ago: a relay that cannot connect now would leave this process's
  // revocations unheard by the others, which trust what they checked for minutes. Stop instead.
  if (config.redis && !relay) {
    console.error('Invalid configuration:\n  - REDIS_URL: the event relay could not connect');
    process.exit(1);
  }
  const lifecycle = new Lifecycle();
  const app =
    config.role === 'worker'
      ? null
      : await buildApp({
          config,
          database,
          storage,
          services,
          lifecycle,
          ...(metrics ? { metrics } : {}),
        });
  let metricsServer: MetricsServer | null = null;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), config.drainTimeoutSeconds * 1000 + 15_000);
    force.unref();
    try {
      // Readiness false, no new connections, sockets sent elsewhere, requests in flight
      // answered (bounded); a worker's running job goes back to the queue at once.
      if (app) {
        const { unfinished } = await lifecycle.drain(app.server, config.drainTimeoutSeconds * 1000);
        if (unfinished > 0) log.warn({ unfinished }, 'requests still running at the drain limit');
      }
      await app?.close();
      await queue.stop();
      await metricsServer?.close();
      await relay?.close();
      storage.close?.();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.role !== 'api') {
    await startWorkers({
      queue,
      services,
      storage,
      config,
      soleWorker: database.kind === 'pglite',
    });
    log.info('job workers started');
  }
  if (app) {
    // The hottest reads answered once per connection before the first visitor (issue 18
    // item 5): each connection's statements planned, the serializers and code paths warm.
    const warm = () =>
      warmHotReads(app, {
        connections: database.poolUse()?.total ?? 1,
        followedFeed: (userId) =>
          services.subscriptions.videoFeed({ limit: 20, actor: { userId, role: 'user' } }),
      });
    // Not people's requests: /metrics starts from the first visitor.
    const warmed = await (metrics ? metrics.unobserved(warm) : warm());
    if (Object.keys(warmed.failed).length > 0) {
      log.warn({ failed: warmed.failed }, 'some reads could not be warmed before serving');
    }
    // Connections the kernel holds until Node's next turn accepts them. Node's 511 filled in the
    // first seconds after a start (a crowd opening connections while the first answers are
    // computed): past it the kernel drops the handshake's last step and the client waits
    // 1, 3, 7 s for its retry (bench/README.md, "The first minute's connections"). The kernel
    // caps it at net.core.somaxconn (4096 on current Linux).
    await app.listen({ port: config.port, host: config.host, backlog: listenBacklog });
    log.info(
      `Kinora is running at ${config.publicUrl} (database: ${database.kind}, role: ${config.role})`,
    );
  }
  // Last: a launcher may take the metrics listener answering as "started" (a worker has no port).
  if (metrics && config.metrics) {
    metricsServer = await startMetricsServer(metrics, config.metrics);
    log.info(`Metrics at http://${config.metrics.host}:${metricsServer.port}/metrics`);
  }
}

await main();
