// `npm start`: builds the web app when its build is missing or older than its sources, then
// runs the server (API + web app + workers) on one port. Arguments pass through, e.g.
// `npm start -- --role worker`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');
const args = process.argv.slice(2);
const role = args.includes('--role') ? args[args.indexOf('--role') + 1] : 'all';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    info.mtimeMs,
  );
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = [
    'src',
    'public',
    'index.html',
    'vite.config.ts',
    '../../packages/contract/src',
  ].map((p) => newestMtime(path.join(web, p)));
  return Math.max(...sources) > statSync(builtIndex).mtimeMs;
}

if (role !== 'worker' && webBuildIsStale()) {
  console.log('Building the web app (first start, or its sources changed)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@kinora/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server's V8 flags (apps/server/node-flags): they must be on the command line.
const nodeFlags = readFileSync(path.join(root, 'apps/server/node-flags'), 'utf8').split(/\s+/);
const server = spawn(
  process.execPath,
  [
    ...nodeFlags.filter(Boolean),
    '--import',
    'tsx',
    path.join(root, 'apps/server/src/main.ts'),
    ...args,
  ],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
