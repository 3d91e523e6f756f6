import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHlsLadder, hlsArguments, planRenditions, type HlsSource } from './hls';
import { parseMediaPlaylist } from './hls-playlists';
import { probeVideo, type VideoProbe } from './probe';
import { makeClip, makeTempDir } from './test-clips';

const source = (overrides: Partial<HlsSource>): HlsSource => ({
  width: 1920,
  height: 1080,
  pixelAspectRatio: 1,
  framesPerSecond: 30,
  audioCodec: 'aac',
  ...overrides,
});

describe('planRenditions', () => {
  const sizes = (s: HlsSource) => planRenditions(s).map((r) => `${r.name}:${r.width}x${r.height}`);

  it('climbs to 1080p for a 1080p source', () => {
    expect(sizes(source({}))).toEqual(['360p:640x360', '720p:1280x720', '1080p:1920x1080']);
  });

  it('never goes above the source', () => {
    expect(sizes(source({ width: 1280, height: 720 }))).toEqual(['360p:640x360', '720p:1280x720']);
    expect(sizes(source({ width: 1280, height: 718 }))).toEqual(['360p:642x360']);
    expect(sizes(source({ width: 3840, height: 2160 }))).toHaveLength(3);
  });

  it('makes one rendition at the source size below 360p, with even sides', () => {
    expect(sizes(source({ width: 320, height: 180 }))).toEqual(['180p:320x180']);
    expect(sizes(source({ width: 321, height: 181 }))).toEqual(['180p:320x180']);
  });

  it('keeps the aspect ratio with even widths', () => {
    expect(sizes(source({ width: 1920, height: 800 }))).toEqual(['360p:864x360', '720p:1728x720']);
    expect(sizes(source({ width: 1440, height: 1080 }))[0]).toBe('360p:480x360');
  });

  it('measures portrait video by its short side', () => {
    expect(sizes(source({ width: 1080, height: 1920 }))).toEqual([
      '360p:360x640',
      '720p:720x1280',
      '1080p:1080x1920',
    ]);
  });

  it('makes anamorphic pixels square', () => {
    // DVD-style 720x480 stored, shown 16:9.
    expect(sizes(source({ width: 720, height: 480, pixelAspectRatio: 32 / 27 }))).toEqual([
      '360p:640x360',
    ]);
  });

  it('caps the frame rate at 60 and gives fast video more bits', () => {
    const [slow] = planRenditions(source({ framesPerSecond: 30 }));
    const [fast] = planRenditions(source({ framesPerSecond: 120 }));
    expect(fast!.framesPerSecond).toBe(60);
    expect(fast!.maxVideoKbps).toBeGreaterThan(slow!.maxVideoKbps);
  });

  it('leaves audio out when the source has none', () => {
    expect(planRenditions(source({ audioCodec: null }))[0]!.audioKbps).toBeNull();
  });
});

describe('hlsArguments', () => {
  const { args } = hlsArguments({
    input: '/media/in put.mp4',
    outputDir: '/media/out%dir',
    source: source({ width: 1280, height: 720 }),
  });
  const valuesOf = (flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));

  it('makes one fMP4 HLS output per rendition, and one for the sound, from one decode', () => {
    expect(valuesOf('-i')).toEqual(['file:/media/in put.mp4']);
    expect(valuesOf('-f')).toEqual(['hls', 'hls', 'hls']);
    expect(valuesOf('-hls_segment_type')).toEqual(['fmp4', 'fmp4', 'fmp4']);
    expect(valuesOf('-c:v')).toEqual(['libx264', 'libx264']);
    // The sound is encoded once, for every rendition.
    expect(valuesOf('-c:a')).toEqual(['aac']);
    expect(valuesOf('-map')).toEqual(['0:a:0', '[v0]', '[v1]']);
    expect(valuesOf('-preset')).toEqual(['veryfast', 'veryfast']);
    expect(args).not.toContain('-threads');
    expect(args.at(-1)).toBe('/media/out%dir/720p/index.m3u8');
    expect(valuesOf('-hls_segment_filename')).toEqual([
      '/media/out%%dir/audio/seg_%05d.m4s',
      '/media/out%%dir/360p/seg_%05d.m4s',
      '/media/out%%dir/720p/seg_%05d.m4s',
    ]);
  });

  it('writes VOD playlists once, or EVENT playlists with each segment whole under its name (temporary file)', () => {
    expect(valuesOf('-hls_playlist_type')).toEqual(['vod', 'vod', 'vod']);
    expect(valuesOf('-hls_flags')).toEqual([
      'independent_segments',
      'independent_segments',
      'independent_segments',
    ]);
    const growing = hlsArguments({
      input: '/media/in.mov',
      outputDir: '/media/out',
      source: source({ width: 1280, height: 720 }),
      playlistType: 'event',
    }).args;
    const of = (flag: string) => growing.flatMap((a, i) => (a === flag ? [growing[i + 1]] : []));
    expect(of('-hls_playlist_type')).toEqual(['event', 'event', 'event']);
    expect(of('-hls_flags')).toEqual([
      'independent_segments+temp_file',
      'independent_segments+temp_file',
      'independent_segments+temp_file',
    ]);
  });

  it('forces keyframes on segment boundaries', () => {
    expect(valuesOf('-hls_time')).toEqual(['4', '4', '4']);
    expect(valuesOf('-force_key_frames')).toEqual([
      'expr:gte(t,n_forced*4)',
      'expr:gte(t,n_forced*4)',
    ]);
    expect(valuesOf('-g')).toEqual(['120', '120']);
  });

  it('takes a preset and a thread count', () => {
    const custom = hlsArguments({
      input: '/a.mp4',
      outputDir: '/out',
      source: source({ audioCodec: null }),
      preset: 'ultrafast',
      threads: 2,
    }).args;
    expect(custom.filter((a) => a === 'ultrafast')).toHaveLength(3);
    expect(custom.filter((a) => a === '-threads')).toHaveLength(3);
    expect(custom).not.toContain('0:a:0');
  });

  it('scales with swscale area unless told otherwise, and refuses what is not an algorithm', () => {
    const graph = valuesOf('-filter_complex')[0]!;
    expect(graph.startsWith('sws_flags=area;')).toBe(true);
    expect(graph).toContain('scale=640:360:flags=area');
    const bicubic = hlsArguments({
      input: '/a.mp4',
      outputDir: '/out',
      source: source({}),
      scaler: 'bicubic',
    }).args;
    expect(bicubic.find((a) => a.startsWith('sws_flags='))).toContain(
      'scale=1280:720:flags=bicubic',
    );
    expect(() =>
      hlsArguments({
        input: '/a.mp4',
        outputDir: '/out',
        source: source({}),
        scaler: 'area;[0:v]',
      }),
    ).toThrow(/swscale/);
  });

  it('wants absolute paths', () => {
    expect(() => hlsArguments({ input: 'a.mp4', outputDir: '/out', source: source({}) })).toThrow();
  });
});

/** Pids of the processes whose command line mentions the folder. */
function processesMentioning(text: string): number[] {
  if (process.platform !== 'linux') return [];
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('buildHlsLadder', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let clip720: string;
  let probe720: VideoProbe;
  let tiny: string;

  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir('hls'));
    [clip720, tiny] = await Promise.all([
      makeClip(dir, { width: 1280, height: 720, seconds: 6 }),
      makeClip(dir, { width: 320, height: 180, seconds: 2, hasAudio: false }),
    ]);
    probe720 = await probeVideo(clip720);
  });

  afterAll(() => cleanup());

  it('encodes 360p and 720p for a 720p source, with a master playlist listing both', async () => {
    const outputDir = path.join(dir, 'ladder-720');
    const progress: number[] = [];
    const ladder = await buildHlsLadder({
      input: clip720,
      outputDir,
      probe: probe720,
      preset: 'ultrafast',
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(ladder.masterPlaylist).toBe('master.m3u8');
    expect(ladder.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 640, 360],
      ['720p', 1280, 720],
    ]);

    const master = await readFile(path.join(outputDir, 'master.m3u8'), 'utf8');
    const lines = master.trim().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    const variants = lines.flatMap((line, i) =>
      line.startsWith('#EXT-X-STREAM-INF:') ? [{ info: line, uri: lines[i + 1]! }] : [],
    );
    expect(variants.map((v) => v.uri)).toEqual(['360p/index.m3u8', '720p/index.m3u8']);
    for (const [i, variant] of variants.entries()) {
      const rendition = ladder.renditions[i]!;
      expect(variant.info).toMatch(/BANDWIDTH=\d+/);
      expect(variant.info).toContain(`RESOLUTION=${rendition.width}x${rendition.height}`);
      expect(variant.info).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
      expect(variant.info).toContain('AUDIO="audio"');
      expect(rendition.bandwidth).toBeGreaterThan(0);
      // The variant's bandwidth counts its video and the sound.
      const announced = Number(/BANDWIDTH=(\d+)/.exec(variant.info)![1]);
      expect(announced).toBe(rendition.bandwidth + ladder.audio!.bandwidth);
    }
    // The sound is one rendition of its own, which every variant plays with.
    expect(ladder.audio).toMatchObject({ playlist: 'audio/index.m3u8', codecs: 'mp4a.40.2' });
    expect(lines).toContain(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Sound",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/index.m3u8"',
    );
    const sound = parseMediaPlaylist(
      await readFile(path.join(outputDir, 'audio', 'index.m3u8'), 'utf8'),
    );
    expect(sound.hasEndList).toBe(true);
    expect(sound.segments.reduce((sum, s) => sum + s.durationSeconds, 0)).toBeCloseTo(6, 0);

    const durations: number[][] = [];
    for (const rendition of ladder.renditions) {
      const folder = path.join(outputDir, rendition.name);
      const playlist = parseMediaPlaylist(await readFile(path.join(folder, 'index.m3u8'), 'utf8'));
      expect(playlist.hasEndList).toBe(true);
      expect(playlist.initSegment).toBe('init.mp4');
      const init = await readFile(path.join(folder, 'init.mp4'));
      expect(init.subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect(init.includes('moov')).toBe(true);
      expect(playlist.segments[0]!.uri).toBe('seg_00001.m4s');
      for (const segment of playlist.segments) {
        expect(existsSync(path.join(folder, segment.uri))).toBe(true);
      }
      const total = playlist.segments.reduce((sum, s) => sum + s.durationSeconds, 0);
      expect(total).toBeCloseTo(6, 0);
      durations.push(playlist.segments.map((s) => s.durationSeconds));
    }
    // Keyframes on the same instants: every rendition cuts its segments at the same times.
    expect(durations[0]!.length).toBeGreaterThan(1);
    expect(durations[1]).toEqual(durations[0]);

    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('in one run, grows every playlist as an EVENT playlist that lists only whole segments, and ends it', async () => {
    const outputDir = path.join(dir, 'ladder-growing');
    const folders = ['360p', '720p', 'audio'];
    /** Each playlist as it was at each of ffmpeg's progress lines, and whether its files were there. */
    const seen: { folder: string; segments: number; whole: boolean; ended: boolean }[] = [];
    const look = () => {
      for (const folder of folders) {
        let text: string;
        try {
          text = readFileSync(path.join(outputDir, folder, 'index.m3u8'), 'utf8');
        } catch {
          continue; // no segment yet
        }
        const playlist = parseMediaPlaylist(text);
        expect(text).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
        // Each video segment starts with a keyframe (ffmpeg says it of video playlists only;
        // the master says it of all).
        if (folder !== 'audio') expect(text).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
        seen.push({
          folder,
          segments: playlist.segments.length,
          whole: playlist.segments.every((s) => existsSync(path.join(outputDir, folder, s.uri))),
          ended: playlist.hasEndList,
        });
      }
    };
    const ladder = await buildHlsLadder({
      input: clip720,
      outputDir,
      probe: probe720,
      preset: 'ultrafast',
      playlistType: 'event',
      onProgress: look,
    });
    // Every segment a playlist listed was there, whole (written under a temporary name first);
    // the last look (at the end) saw each playlist with its end.
    expect(seen.length).toBeGreaterThanOrEqual(folders.length);
    expect(seen.every((s) => s.whole)).toBe(true);
    expect(seen.slice(-folders.length).every((s) => s.ended && s.segments === 2)).toBe(true);
    expect(ladder.renditions.map((r) => r.name)).toEqual(['360p', '720p']);
    for (const folder of folders) {
      const files = readdirSync(path.join(outputDir, folder));
      expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
      const text = readFileSync(path.join(outputDir, folder, 'index.m3u8'), 'utf8');
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
      const playlist = parseMediaPlaylist(text);
      expect(playlist.hasEndList).toBe(true);
      expect(files.filter((f) => f.endsWith('.m4s')).sort()).toEqual(
        playlist.segments.map((s) => s.uri).sort(),
      );
    }
    // The master lists the finished playlists by their ladder name.
    const master = await readFile(path.join(outputDir, 'master.m3u8'), 'utf8');
    expect(master).toContain('\n360p/index.m3u8');
    expect(master).toContain('\n720p/index.m3u8');
  });

  it('makes a single rendition at the source size for a source under 360p, without audio', async () => {
    const outputDir = path.join(dir, 'ladder-tiny');
    const ladder = await buildHlsLadder({
      input: tiny,
      outputDir,
      probe: await probeVideo(tiny),
      preset: 'ultrafast',
    });
    expect(ladder.renditions).toHaveLength(1);
    expect(ladder.renditions[0]).toMatchObject({ name: '180p', width: 320, height: 180 });
    expect(ladder.renditions[0]!.codecs).toMatch(/^avc1\.[0-9a-f]{6}$/);
    const master = await readFile(path.join(outputDir, 'master.m3u8'), 'utf8');
    expect(master).toContain('RESOLUTION=320x180');
    expect(master).toContain('180p/index.m3u8');
    expect(ladder.audio).toBeNull();
    expect(master).not.toContain('TYPE=AUDIO');
    expect(existsSync(path.join(outputDir, 'audio'))).toBe(false);
  });

  it('kills ffmpeg and rejects when aborted', async () => {
    const outputDir = path.join(dir, 'ladder-aborted');
    const controller = new AbortController();
    const running = buildHlsLadder({
      input: clip720,
      outputDir,
      probe: probe720,
      preset: 'slow',
      signal: controller.signal,
    });
    const started = Date.now();
    while (process.platform === 'linux' && processesMentioning(outputDir).length === 0) {
      if (Date.now() - started > 10_000) throw new Error('ffmpeg never started');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(processesMentioning(outputDir)).toEqual([]);
    expect(existsSync(path.join(outputDir, 'master.m3u8'))).toBe(false);
  });

  it('does not start when the signal is already aborted', async () => {
    await expect(
      buildHlsLadder({
        input: clip720,
        outputDir: path.join(dir, 'never'),
        probe: probe720,
        signal: AbortSignal.abort(),
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
