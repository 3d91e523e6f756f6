import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { budgetBytes, initialScripts, measureFirstLoad } from './first-load.js';

const root = path.resolve(import.meta.dirname, '../..');
const web = path.join(root, 'apps/web');
let distDir;
let firstLoad;

before(() => {
  // A fresh production build of the current sources (a few seconds), beside nothing else.
  distDir = mkdtempSync(path.join(tmpdir(), 'kinora-first-load-'));
  const build = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      distDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: web, encoding: 'utf8' },
  );
  assert.equal(build.status, 0, `the web build failed:\n${build.stderr}`);
  firstLoad = measureFirstLoad(distDir);
});
after(() => rmSync(distDir, { recursive: true, force: true }));

test('finds the entry and the modulepreloads of index.html', () => {
  const html = `<script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
    <link rel="icon" href="/favicon.svg" />`;
  assert.deepEqual(initialScripts(html), ['/assets/index-a.js', '/assets/react-b.js']);
});

test(`the first load's JavaScript stays within ${budgetBytes / 1000} kB gzip`, () => {
  const sizes = firstLoad.files.map((f) => `${f.src} ${(f.gzipBytes / 1000).toFixed(1)} kB`);
  assert.ok(firstLoad.files.length > 0, 'index.html loads no script');
  assert.ok(
    firstLoad.totalGzipBytes <= budgetBytes,
    `${(firstLoad.totalGzipBytes / 1000).toFixed(1)} kB gzip:\n${sizes.join('\n')}`,
  );
});

test('carries neither the chat socket nor the schemas: those load on demand', () => {
  for (const file of firstLoad.files) {
    assert.doesNotMatch(file.code, /engine\.io|socket\.io-client|EIO=/, `${file.src}: socket.io`);
    assert.doesNotMatch(file.code, /ZodError|\$ZodType/, `${file.src}: zod`);
  }
});
