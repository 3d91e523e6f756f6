import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { redisAnswers } from './profile';

/**
 * `npm run cluster`'s own PostgreSQL and Redis (issue 23): when no `DATABASE_URL` / `REDIS_URL`
 * is given and none answers on this machine, the launcher runs them from Debian's binaries
 * (`scripts/install-system-deps.sh --cluster` installs them) inside its run folder, the way it
 * runs its own nginx: never as the system's services. PostgreSQL's data folder is kept and
 * reused on the next start; Redis keeps nothing (`--save ''`, no append-only file).
 */

export interface OwnService {
  readonly name: string;
  /** The address the profile's processes use. */
  readonly url: string;
  readonly pid: number | undefined;
  /** Where its own files are (PostgreSQL's data folder, Redis's working folder). */
  readonly dir: string;
  readonly logFile: string;
  /** A fast shutdown (PostgreSQL: SIGINT; Redis: SIGTERM), then waits for the exit. */
  stop(): Promise<void>;
  /** Sends the same fast-shutdown signal without waiting (for a launcher that is exiting). */
  signalStop(): void;
}

/** The newest PostgreSQL's binaries Debian installed (/usr/lib/postgresql/<version>/bin). */
export function postgresBinDir(root = '/usr/lib/postgresql'): string | null {
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .filter((v) => ['initdb', 'postgres'].every((b) => existsSync(path.join(root, v, 'bin', b))))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** redis-server: on the PATH, or where Debian puts it. */
export function redisBinary(): string | null {
  for (const candidate of ['redis-server', '/usr/bin/redis-server']) {
    const found = spawnSync(candidate, ['--version'], { stdio: 'ignore' });
    if (found.status === 0) return candidate;
  }
  return null;
}

/** Whether something accepts a TCP connection at 127.0.0.1:port. */
export function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2_000);
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** Whether this process can listen at 127.0.0.1:port now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first port from `from` nothing listens on. */
export async function firstFreePort(from: number): Promise<number> {
  for (let port = from; port < from + 100; port++) {
    if (await portFree(port)) return port;
  }
  throw new Error(`No free port in ${from}-${from + 99}`);
}

const isRoot = () => process.getuid?.() === 0;

/**
 * PostgreSQL refuses to run as root: as root, its commands run as the `postgres` system user
 * (Debian's package makes it), through setpriv, which execs (the pid is PostgreSQL's own).
 */
function asPostgres(command: string, args: string[]): [string, string[]] {
  if (!isRoot()) return [command, args];
  return ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', command, ...args]];
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(
      'Running as root, PostgreSQL needs the `postgres` system user (apt-get install postgresql)',
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function waitFor(
  what: string,
  child: ChildProcess,
  check: () => Promise<boolean>,
  logFile: string,
  ms = 30_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      const tail = (await readFile(logFile, 'utf8').catch(() => '')).slice(-3000);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      throw new Error(`${what} did not start${tail ? `:\n${tail}` : ''}`);
    }
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
}

function run(name: string, command: string, args: string[], logFile: string): ChildProcess {
  const out = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal does not reach it, so the launcher stops
    // it after the processes that use it have drained.
    detached: true,
  });
  child.stdout?.pipe(out, { end: false });
  child.stderr?.pipe(out, { end: false });
  child.once('exit', () => out.end());
  child.once('error', (error) => out.write(`${name}: ${error.message}\n`));
  return child;
}

function stopper(
  child: ChildProcess,
  signal: NodeJS.Signals,
): Pick<OwnService, 'stop' | 'signalStop'> {
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited()) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
    signalStop: () => {
      if (!exited()) child.kill(signal);
    },
  };
}

/**
 * Starts PostgreSQL from `<runDir>/postgres` (made by initdb the first time: user `postgres`,
 * trust on 127.0.0.1 only), listening on 127.0.0.1 at the first free port from `fromPort`
 * with its socket in `<runDir>/postgres-socket`. Its URL names the `postgres` database; the
 * profile creates its own database on it.
 */
export async function startOwnPostgres(runDir: string, fromPort = 5433): Promise<OwnService> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error('PostgreSQL is not installed: bash scripts/install-system-deps.sh --cluster');
  const root = path.resolve(runDir);
  await mkdir(root, { recursive: true });
  // The postgres user goes through it to its folders.
  await chmod(root, 0o755);
  const dir = path.join(root, 'postgres');
  const socketDir = path.join(root, 'postgres-socket');
  const logFile = path.join(root, 'postgres.log');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await mkdir(socketDir, { recursive: true, mode: 0o700 });
  if (isRoot()) {
    const { uid, gid } = postgresIds();
    await chown(dir, uid, gid);
    await chown(socketDir, uid, gid);
  }
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    const [command, args] = asPostgres(path.join(bin, 'initdb'), [
      '-D',
      dir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    const made = spawnSync(command, args, { encoding: 'utf8', env: { PATH: process.env.PATH } });
    if (made.status !== 0) {
      throw new Error(`initdb failed in ${dir}:\n${made.stderr || made.stdout || made.error}`);
    }
  }
  const port = await firstFreePort(fromPort);
  const [command, args] = asPostgres(path.join(bin, 'postgres'), [
    '-D',
    dir,
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-k',
    socketDir,
  ]);
  const child = run('postgres', command, args, logFile);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitFor(
    `PostgreSQL (${dir})`,
    child,
    async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
      try {
        await client.connect();
        await client.query('SELECT 1');
        return true;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    logFile,
  );
  // SIGINT: PostgreSQL's fast shutdown (ends sessions, checkpoints, exits).
  return { name: 'PostgreSQL', url, pid: child.pid, dir, logFile, ...stopper(child, 'SIGINT') };
}

/**
 * Starts Redis on 127.0.0.1 at the first free port from `fromPort`, working in
 * `<runDir>/redis`, keeping nothing on disk.
 */
export async function startOwnRedis(runDir: string, fromPort = 6380): Promise<OwnService> {
  const binary = redisBinary();
  if (!binary)
    throw new Error('Redis is not installed: bash scripts/install-system-deps.sh --cluster');
  const root = path.resolve(runDir);
  const dir = path.join(root, 'redis');
  const logFile = path.join(root, 'redis.log');
  await mkdir(dir, { recursive: true });
  const port = await firstFreePort(fromPort);
  const child = run(
    'redis',
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    logFile,
  );
  const url = `redis://127.0.0.1:${port}`;
  await waitFor(`Redis (${dir})`, child, () => redisAnswers(url), logFile);
  return { name: 'Redis', url, pid: child.pid, dir, logFile, ...stopper(child, 'SIGTERM') };
}
