// What a browser must fetch before the app can draw anything: the entry script of the built
// index.html and the modules it preloads (dynamic imports, i.e. the screens, are not counted).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The first-load budget of issue 19: initial JavaScript, gzip, in kB of 1000 bytes. */
export const budgetBytes = 140_000;

/** The scripts index.html loads at once: its module scripts and its modulepreloads, in order. */
export function initialScripts(indexHtml) {
  const scripts = [];
  for (const tag of indexHtml.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const source = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isEntry || isPreload) && source) scripts.push(source);
  }
  return scripts;
}

/** Each initial script of a build with its gzip size (zlib's default level), and the sum. */
export function measureFirstLoad(distDir) {
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = initialScripts(indexHtml).map((src) => {
    const code = readFileSync(path.join(distDir, src.replace(/^\//, '')));
    return { src, code: code.toString('utf8'), gzipBytes: gzipSync(code).length };
  });
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
