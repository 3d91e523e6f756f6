// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server with hot
// reload (port 5173), which proxies /api, /media and /socket.io to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
      WEB_DIST_DIR: '',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@kinora/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => (stop('SIGTERM'), process.exit(code ?? 0)));
