import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('precompressDir', () => {
  it('writes .br and .gz copies of text files that decode to the file, and leaves the rest', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kinora-precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify('kinora '.repeat(2000))};\n`;
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), script);
    await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>hi</p>'.repeat(200)}`);
    await writeFile(path.join(dir, 'assets', 'tiny.css'), 'a{}');
    await writeFile(path.join(dir, 'icon.png'), Buffer.alloc(4096, 1));

    expect(await precompressDir(dir)).toBe(2);

    const js = path.join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(await readFile(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${js}.gz`)).toString()).toBe(script);
    expect((await readFile(`${js}.br`)).length).toBeLessThan(script.length / 10);
    expect((await readdir(dir)).sort()).toEqual([
      'assets',
      'icon.png',
      'index.html',
      'index.html.br',
      'index.html.gz',
    ]);
    // Too small to be worth it.
    expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual([
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'tiny.css',
    ]);
  });
});
