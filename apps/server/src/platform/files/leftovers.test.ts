import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../media/video/test-clips';
import { removeLeftovers } from './leftovers';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('leftovers'));
});
afterEach(() => cleanup());

const hour = 3600 * 1000;
const now = Date.now();

/** Writes a file whose last write was `ageMs` ago. */
async function fileAged(relative: string, ageMs: number): Promise<void> {
  const file = path.join(dir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'x');
  const at = new Date(now - ageMs);
  await utimes(file, at, at);
}

/** Sets a folder's own time `ageMs` back (adding files moved it to now). */
async function ageFolder(relative: string, ageMs: number): Promise<void> {
  const at = new Date(now - ageMs);
  await utimes(path.join(dir, relative), at, at);
}

describe('removeLeftovers', () => {
  it('removes old entries the rule owns, and only those', async () => {
    await fileAged('dead.incoming', 7 * hour);
    await fileAged('recent.incoming', 1 * hour);
    await fileAged('session.part', 7 * hour);
    await fileAged('used.incoming', 7 * hour);
    const removed = await removeLeftovers({
      now,
      olderThanMs: 6 * hour,
      rules: [
        {
          dir,
          matches: (name) => name.endsWith('.incoming'),
          isInUse: (entry) => entry === path.join(dir, 'used.incoming'),
        },
      ],
    });
    expect(removed).toEqual([path.join(dir, 'dead.incoming')]);
    expect((await readdir(dir)).sort()).toEqual([
      'recent.incoming',
      'session.part',
      'used.incoming',
    ]);
  });

  it('judges a folder by the newest file inside it', async () => {
    await fileAged('video-a-1/hls/old.m4s', 8 * hour);
    await ageFolder('video-a-1/hls', 8 * hour);
    await ageFolder('video-a-1', 8 * hour);
    // A job still writing deep inside, in a folder created long ago.
    await fileAged('video-b-2/hls/old.m4s', 8 * hour);
    await fileAged('video-b-2/hls/new.m4s', 60 * 1000);
    await ageFolder('video-b-2/hls', 8 * hour);
    await ageFolder('video-b-2', 8 * hour);
    const removed = await removeLeftovers({
      now,
      olderThanMs: 6 * hour,
      rules: [{ dir, matches: (n) => n.startsWith('video-'), isInUse: () => false }],
    });
    expect(removed).toEqual([path.join(dir, 'video-a-1')]);
    expect(await readdir(dir)).toEqual(['video-b-2']);
  });

  it('with no age, removes every unused entry; a missing folder is nothing to do', async () => {
    await fileAged('x.incoming', 0);
    expect(
      await removeLeftovers({
        olderThanMs: 0,
        rules: [
          { dir, matches: (n) => n.endsWith('.incoming'), isInUse: () => false },
          { dir: path.join(dir, 'absent'), matches: () => true, isInUse: () => false },
        ],
      }),
    ).toEqual([path.join(dir, 'x.incoming')]);
  });
});
