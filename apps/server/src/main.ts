import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './platform/config/config';
import { openDatabase } from './platform/db/client';
import { LocalDiskStorage } from './platform/storage/local-disk-storage';

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

  const database = await openDatabase(config.database);
  await database.migrate();
  const storage = new LocalDiskStorage(config.mediaDir);
  const app = await buildApp({ config, database, storage });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The worker role has no jobs yet (the media pipeline adds them); `api` and `all` serve HTTP.
  if (config.role === 'worker') {
    app.log.info('worker role started; no job queues are defined yet');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Kinora is running at ${config.publicUrl} (database: ${database.kind})`);
}

await main();
