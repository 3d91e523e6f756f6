// Runs the server suite on PGlite, then again on a real PostgreSQL server when one answers
// (TEST_DATABASE_URL, or the development/CI server at 127.0.0.1:5432). In CI the PostgreSQL
// run is required.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const extraArgs = process.argv.slice(2);

function run(label, env, args = []) {
  console.log(`\n=== server tests on ${label} ===`);
  const result = spawnSync('npx', ['vitest', 'run', ...args, ...extraArgs], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port), timeout: 2000 });
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

run('PGlite', { TEST_DB: 'pglite' });
if (await reachable(url.hostname, url.port || 5432)) {
  // Suites that never touch the database (media tools, storage drivers) ran once already.
  run(`PostgreSQL (${url.host})`, { TEST_DB: 'postgres', TEST_DATABASE_URL: url.toString() }, [
    '--exclude',
    'src/platform/media/**',
    // The storage drivers; the media routes (who may fetch a draft's files) run on both.
    '--exclude',
    'src/platform/storage/{storage-contract,s3-storage,send-local-file}.test.ts',
    '--exclude',
    'src/platform/config/**',
    '--exclude',
    'src/main.test.ts',
    // The tests of several processes run them on PostgreSQL whatever TEST_DB says.
    '--exclude',
    'src/**/*.cluster.test.ts',
  ]);
} else if (process.env.CI) {
  console.error(`PostgreSQL is required in CI but ${url.host} does not answer.`);
  process.exit(1);
} else {
  console.log(`\nPostgreSQL at ${url.host} does not answer: the PostgreSQL run is skipped.`);
}
