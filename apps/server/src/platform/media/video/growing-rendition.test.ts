import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../storage/local-disk-storage';
import type { Storage } from '../../storage/storage';
import { GrowingRenditionPublisher } from './growing-rendition';
import { planRenditions } from './hls';

/*
 * ffmpeg's side is written by hand here, as it writes an EVENT playlist: the segment first,
 * then the playlist again through a temporary file, `#EXT-X-ENDLIST` once it is done. So each
 * step below is one moment of a real run, and what is stored after it is exact.
 */
const ladder = planRenditions({
  width: 1920,
  height: 1080,
  pixelAspectRatio: 1,
  framesPerSecond: 30,
  audioCodec: 'aac',
});
const rendition = ladder[0]!;

// An init segment needs no more than an avcC box for the codec string: High, level 3.0.
const init = Buffer.concat([Buffer.alloc(8), Buffer.from('avcC'), Buffer.from([1, 0x64, 0, 0x1e])]);

let dir: string;
let storageDir: string;
let storage: LocalDiskStorage;
/** Every key stored, in order. */
let stored: string[];
let recording: Pick<Storage, 'put'>;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kinora-growing-'));
  storageDir = await mkdtemp(path.join(tmpdir(), 'kinora-growing-store-'));
  storage = new LocalDiskStorage(storageDir);
  stored = [];
  recording = {
    put: async (key, data, type) => {
      stored.push(key);
      await storage.put(key, data, type);
    },
  };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(storageDir, { recursive: true, force: true });
});

/** What ffmpeg has written of one folder after `count` segments. */
async function ffmpegWrote(folder: string, count: number, ended = false) {
  const at = path.join(dir, folder);
  await mkdir(at, { recursive: true });
  await writeFile(path.join(at, 'init.mp4'), init);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-TARGETDURATION:4',
    '#EXT-X-MEDIA-SEQUENCE:1',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-MAP:URI="init.mp4"',
  ];
  for (let n = 1; n <= count; n++) {
    const name = `seg_0000${n}.m4s`;
    await writeFile(path.join(at, name), Buffer.alloc(folder === 'audio' ? 64_000 : 400_000, n));
    lines.push('#EXTINF:4.000000,', name);
  }
  if (ended) lines.push('#EXT-X-ENDLIST');
  await writeFile(path.join(at, 'index.m3u8.tmp'), `${lines.join('\n')}\n`);
  await rename(path.join(at, 'index.m3u8.tmp'), path.join(at, 'index.m3u8'));
}

const text = (key: string) => readFile(path.join(storageDir, key), 'utf8');
const prefix = 'videos/v1/hls/';

describe('GrowingRenditionPublisher', () => {
  it('stores segments as they are written and says the video plays once two of each are stored', async () => {
    const playable: string[] = [];
    const publisher = new GrowingRenditionPublisher({
      storage: recording,
      outputDir: dir,
      keyPrefix: prefix,
      renditions: [rendition],
      audio: true,
      segmentSeconds: 4,
      onPlayable: (key) => {
        playable.push(key);
        return Promise.resolve();
      },
    });

    // Nothing written yet: nothing stored.
    await publisher.poke();
    expect(stored).toEqual([]);

    // One segment of each: stored, with the playlists as they are, but not playable yet.
    await ffmpegWrote('360p', 1);
    await ffmpegWrote('audio', 1);
    await publisher.poke();
    expect(stored).toEqual([
      `${prefix}360p/init.mp4`,
      `${prefix}360p/seg_00001.m4s`,
      `${prefix}360p/event.m3u8`,
      `${prefix}audio/init.mp4`,
      `${prefix}audio/seg_00001.m4s`,
      `${prefix}audio/event.m3u8`,
    ]);
    expect(playable).toEqual([]);

    // The second: the first master is stored, listing the growing playlists, and it plays.
    stored = [];
    await ffmpegWrote('360p', 2);
    await ffmpegWrote('audio', 2);
    await publisher.poke();
    expect(stored).toEqual([
      `${prefix}360p/seg_00002.m4s`,
      `${prefix}360p/event.m3u8`,
      `${prefix}audio/seg_00002.m4s`,
      `${prefix}audio/event.m3u8`,
      `${prefix}first.m3u8`,
    ]);
    expect(playable).toEqual([`${prefix}first.m3u8`]);
    const first = await text(`${prefix}first.m3u8`);
    expect(first).toContain('URI="audio/event.m3u8"');
    expect(first).toContain('\n360p/event.m3u8\n');
    expect(first).toContain('RESOLUTION=640x360');
    expect(first).toContain('CODECS="avc1.64001e,mp4a.40.2"');
    // Never less than the rung's cap (1000 kbit/s) plus the sound's measured 128 kbit/s.
    expect(first).toMatch(/BANDWIDTH=1128000,/);
    const growing = await text(`${prefix}360p/event.m3u8`);
    expect(growing).toContain('seg_00002.m4s');
    expect(growing).not.toContain('#EXT-X-ENDLIST');
    // A player starts it at its beginning, not near its end as a live playlist.
    expect(growing.split('\n').slice(0, 2)).toEqual([
      '#EXTM3U',
      '#EXT-X-START:TIME-OFFSET=0,PRECISE=YES',
    ]);

    // Nothing new: nothing stored again.
    stored = [];
    await publisher.poke();
    expect(stored).toEqual([]);

    // ffmpeg is done: the rest, the playlists whole under both names, the master not again.
    await ffmpegWrote('360p', 3, true);
    await ffmpegWrote('audio', 3, true);
    const files = await publisher.finish();
    expect(stored).toEqual([
      `${prefix}360p/seg_00003.m4s`,
      `${prefix}360p/event.m3u8`,
      `${prefix}audio/seg_00003.m4s`,
      `${prefix}audio/event.m3u8`,
      `${prefix}360p/index.m3u8`,
      `${prefix}audio/index.m3u8`,
    ]);
    expect(playable).toHaveLength(1);
    expect(await text(`${prefix}360p/event.m3u8`)).toContain('#EXT-X-ENDLIST');
    // The growing playlist keeps its type (a player reloading it may not see it change); the
    // finished one under the ladder's name is a VOD playlist of the same segments.
    expect(await text(`${prefix}360p/event.m3u8`)).toContain('#EXT-X-PLAYLIST-TYPE:EVENT\n');
    expect(await text(`${prefix}360p/index.m3u8`)).toBe(
      (await text(`${prefix}360p/event.m3u8`))
        .replace('#EXT-X-START:TIME-OFFSET=0,PRECISE=YES\n', '')
        .replace('#EXT-X-PLAYLIST-TYPE:EVENT\n', '#EXT-X-PLAYLIST-TYPE:VOD\n'),
    );
    expect(files.sort()).toEqual(
      [
        'first.m3u8',
        ...['360p', 'audio'].flatMap((folder) =>
          ['init.mp4', 'seg_00001.m4s', 'seg_00002.m4s', 'seg_00003.m4s', 'index.m3u8'].map(
            (file) => path.join(folder, file),
          ),
        ),
      ].sort(),
    );
  });

  it('publishes every rendition of one run as it grows, and plays once each holds two segments', async () => {
    const playable: string[] = [];
    const publisher = new GrowingRenditionPublisher({
      storage: recording,
      outputDir: dir,
      keyPrefix: prefix,
      renditions: ladder,
      audio: true,
      segmentSeconds: 4,
      onPlayable: (key) => {
        playable.push(key);
        return Promise.resolve();
      },
    });
    // The lowest rung and the sound are ahead: not playable while a rung has fewer.
    await ffmpegWrote('360p', 2);
    await ffmpegWrote('audio', 2);
    await ffmpegWrote('720p', 2);
    await ffmpegWrote('1080p', 1);
    await publisher.poke();
    expect(playable).toEqual([]);
    expect(stored).toContain(`${prefix}1080p/event.m3u8`);
    await ffmpegWrote('1080p', 2);
    await publisher.poke();
    expect(playable).toEqual([`${prefix}first.m3u8`]);
    const first = await text(`${prefix}first.m3u8`);
    // Every rung, lowest first, each its growing playlist with the one sound.
    expect(first.split('\n').filter((l) => l.endsWith('.m3u8'))).toEqual([
      '360p/event.m3u8',
      '720p/event.m3u8',
      '1080p/event.m3u8',
    ]);
    expect(first.match(/AUDIO="audio"/g)).toHaveLength(3);
    expect(first).toContain('RESOLUTION=1920x1080');
    // Each never below its rung's cap, plus the sound.
    expect(first).toMatch(/BANDWIDTH=3128000,/);
    expect(first).toMatch(/BANDWIDTH=6128000,/);
    for (const folder of ['360p', '720p', '1080p', 'audio']) await ffmpegWrote(folder, 3, true);
    const files = await publisher.finish();
    for (const folder of ['360p', '720p', '1080p', 'audio']) {
      expect(files).toContain(path.join(folder, 'seg_00003.m4s'));
      expect(await text(`${prefix}${folder}/index.m3u8`)).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(await text(`${prefix}${folder}/event.m3u8`)).toContain('#EXT-X-ENDLIST');
    }
  });

  it('makes a clip shorter than two segments playable when ffmpeg is done', async () => {
    const playable: string[] = [];
    const publisher = new GrowingRenditionPublisher({
      storage: recording,
      outputDir: dir,
      keyPrefix: prefix,
      renditions: [{ ...rendition, audioKbps: null }],
      audio: false,
      segmentSeconds: 4,
      onPlayable: (key) => {
        playable.push(key);
        return Promise.resolve();
      },
    });
    await ffmpegWrote('360p', 1);
    await publisher.poke();
    expect(playable).toEqual([]);
    await ffmpegWrote('360p', 1, true);
    await publisher.finish();
    expect(playable).toEqual([`${prefix}first.m3u8`]);
    const first = await text(`${prefix}first.m3u8`);
    expect(first).not.toContain('TYPE=AUDIO');
    expect(first).toContain('CODECS="avc1.64001e"');
  });

  it('fails the job with a storage error, says so at once, and stores nothing more after it', async () => {
    let puts = 0;
    const failures: unknown[] = [];
    const publisher = new GrowingRenditionPublisher({
      storage: {
        put: () => {
          puts += 1;
          return Promise.reject(new Error('the bucket is away'));
        },
      },
      outputDir: dir,
      keyPrefix: prefix,
      renditions: [rendition],
      audio: false,
      segmentSeconds: 4,
      onPlayable: () => Promise.resolve(),
      onFailure: (error) => failures.push(error),
    });
    await ffmpegWrote('360p', 1);
    await publisher.poke();
    await publisher.poke();
    expect(puts).toBe(1);
    // Told once, so the job can stop ffmpeg.
    expect(failures).toHaveLength(1);
    expect(publisher.error).toBe(failures[0]);
    await expect(publisher.finish()).rejects.toThrow('the bucket is away');
  });

  it('refuses to finish a playlist ffmpeg left without its end', async () => {
    const publisher = new GrowingRenditionPublisher({
      storage: recording,
      outputDir: dir,
      keyPrefix: prefix,
      renditions: [rendition],
      audio: false,
      segmentSeconds: 4,
      onPlayable: () => Promise.resolve(),
    });
    await ffmpegWrote('360p', 2);
    await expect(publisher.finish()).rejects.toThrow(/unfinished playlist/);
    expect(stored).not.toContain(`${prefix}360p/index.m3u8`);
  });
});
