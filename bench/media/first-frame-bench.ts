// Upload to first playable frame (issue 22): for a clip of each kind people upload, how long
// from the upload's bytes being on the server to something a browser plays, and how long the
// whole ladder takes, driving the pipeline the way the server does.
//
//   flock /tmp/kinora-heavy.lock npx tsx bench/media/first-frame-bench.ts [--seconds 60]
//       [--kinds h264-mp4,hevc-mov,vp9-webm,prores-mov,mpeg2-ts] [--no-today] [--clips DIR]
//
// Method and recorded figures: bench/media/README.md.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { browserPlaybackOf } from '../../apps/server/src/platform/media/video/browser-playback';
import { ffmpegBinaries } from '../../apps/server/src/platform/media/video/ffmpeg-binaries';
import { GrowingRenditionPublisher } from '../../apps/server/src/platform/media/video/growing-rendition';
import {
  buildHlsLadder,
  defaultSegmentSeconds,
  planRenditions,
} from '../../apps/server/src/platform/media/video/hls';
import { LocalDiskStorage } from '../../apps/server/src/platform/storage/local-disk-storage';
import { probeVideo } from '../../apps/server/src/platform/media/video/probe';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    kinds: { type: 'string', default: 'h264-mp4,hevc-mov,vp9-webm,prores-mov,mpeg2-ts' },
    /**
     * Skip the one-run ladder of before (VOD playlists, nothing published while it runs: how
     * every upload was processed before issue 22, and an original that plays still is).
     */
    'no-today': { type: 'boolean', default: false },
    /** Where made clips are kept between runs (they take minutes to make). */
    clips: { type: 'string', default: path.join(os.tmpdir(), 'kinora-first-frame-clips') },
  },
});
const seconds = Number(values.seconds);
const clipsDir = path.join(values.clips, `${seconds}s`);

interface Kind {
  name: string;
  label: string;
  file: string;
  codecArgs: string[];
}

// 1920x1080 at 30 fps with stereo sound, from ffmpeg's synthetic sources; each encoded the way
// a camera, a phone or an editing program would write it.
const kinds: Kind[] = [
  {
    name: 'h264-mp4',
    label: 'H.264/AAC MP4 (fast start)',
    file: 'h264.mp4',
    codecArgs: [
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart'],
    ],
  },
  {
    name: 'hevc-mov',
    label: 'HEVC MOV (hvc1), as a phone writes',
    file: 'hevc.mov',
    codecArgs: [
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error'],
      ...['-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'],
    ],
  },
  {
    name: 'vp9-webm',
    label: 'VP9/Opus WebM',
    file: 'vp9.webm',
    codecArgs: [
      ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1'],
      ...['-b:v', '4M', '-c:a', 'libopus', '-b:a', '128k'],
    ],
  },
  {
    name: 'prores-mov',
    label: 'ProRes 422 Proxy MOV, PCM sound',
    file: 'prores.mov',
    codecArgs: ['-c:v', 'prores', '-profile:v', '0', '-c:a', 'pcm_s16le'],
  },
  {
    name: 'mpeg2-ts',
    label: 'MPEG-2 video in a transport stream',
    file: 'mpeg2.ts',
    codecArgs: [
      ...['-c:v', 'mpeg2video', '-b:v', '15M', '-maxrate', '20M', '-bufsize', '10M'],
      ...['-c:a', 'mp2', '-b:a', '192k', '-f', 'mpegts'],
    ],
  },
];

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr.trim()}`)),
    );
  });
}

const exists = (file: string) =>
  stat(file).then(
    (s) => s.size > 0,
    () => false,
  );
const since = (start: number) => (performance.now() - start) / 1000;

/**
 * CPU seconds (user + system) of this process's finished children, ffmpeg and ffprobe, from
 * /proc/self/stat (cutime, cstime; 100 ticks a second on Linux). The machine is shared: CPU
 * time says what the work costs whatever else runs; 0 where /proc is missing.
 */
function childCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

async function makeClip(kind: Kind): Promise<string> {
  const file = path.join(clipsDir, kind.file);
  if (await exists(file)) return file;
  await mkdir(clipsDir, { recursive: true });
  const start = performance.now();
  const partial = path.join(clipsDir, `partial-${kind.file}`);
  await run(ffmpegBinaries().ffmpeg, [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-ac', '2'],
    ...kind.codecArgs,
    partial,
  ]);
  await cp(partial, file);
  await rm(partial);
  console.log(`  made ${kind.file} in ${since(start).toFixed(0)} s`);
  return file;
}

interface Result {
  kind: Kind;
  megabytes: number;
  playable: boolean;
  codecs: string | null;
  /** The upload's own check: probe, last second decoded, playability decided. */
  uploadCheck: number;
  /**
   * Upload finished to something a browser plays: the original, or the ladder's first
   * segments (decisions 0054 and 0057: its first master stored once two segments of each
   * rendition are, while the one run goes on).
   */
  firstPlayable: number;
  /** Upload finished to the whole ladder, as the job makes it now (stored, master included). */
  ladder: number;
  /** The whole ladder in one run, as every upload was processed before issue 22. */
  today: number | null;
  /** CPU seconds of ffmpeg/ffprobe for the first playable, the ladder, the one-run ladder. */
  firstCpu: number;
  ladderCpu: number;
  todayCpu: number | null;
}

async function measure(kind: Kind): Promise<Result> {
  const source = await makeClip(kind);
  const work = await mkdtemp(path.join(os.tmpdir(), `kinora-first-frame-${kind.name}-`));
  try {
    // The upload is on the server: what POST /upload does before it answers.
    const uploaded = performance.now();
    const cpuAtUpload = childCpuSeconds();
    let firstCpu = 0;
    const checked = await probeVideo(source, { requireComplete: true });
    const playback = await browserPlaybackOf(source, checked);
    const uploadCheck = since(uploaded);

    // The job, as VideoProcessor runs it: probe again, then the ladder.
    const probe = await probeVideo(source);
    const storage = new LocalDiskStorage(path.join(work, 'storage'));
    let firstPlayable = playback.playable ? uploadCheck : Number.NaN;
    if (playback.playable) firstCpu = childCpuSeconds() - cpuAtUpload;
    if (playback.playable) {
      await buildHlsLadder({ input: source, outputDir: path.join(work, 'hls'), probe });
    } else {
      // One run makes the ladder, every rendition published as it grows into storage (local
      // disk), then the whole master, as the job does.
      const hlsDir = path.join(work, 'hls');
      const publisher = new GrowingRenditionPublisher({
        storage,
        outputDir: hlsDir,
        keyPrefix: 'videos/bench/hls/',
        renditions: planRenditions(probe),
        audio: probe.audioCodec !== null,
        segmentSeconds: defaultSegmentSeconds,
        onPlayable: () => {
          firstPlayable = since(uploaded);
          // ffmpeg is still running, and only a reaped child's CPU time is known: none here.
          firstCpu = Number.NaN;
          return Promise.resolve();
        },
      });
      const ladder = await buildHlsLadder({
        input: source,
        outputDir: hlsDir,
        probe,
        segmentSeconds: defaultSegmentSeconds,
        playlistType: 'event',
        onProgress: () => void publisher.poke(),
      });
      await publisher.finish();
      await storage.put(
        `videos/bench/hls/${ladder.masterPlaylist}`,
        await readFile(path.join(hlsDir, ladder.masterPlaylist)),
        'application/vnd.apple.mpegurl',
      );
    }
    const ladder = since(uploaded);
    const ladderCpu = childCpuSeconds() - cpuAtUpload;
    await rm(path.join(work, 'hls'), { recursive: true, force: true });

    let today: number | null = null;
    let todayCpu: number | null = null;
    if (!values['no-today'] && !playback.playable) {
      const start = performance.now();
      const cpuAtStart = childCpuSeconds();
      await probeVideo(source, { requireComplete: true });
      await probeVideo(source);
      await buildHlsLadder({ input: source, outputDir: path.join(work, 'today'), probe });
      today = since(start);
      todayCpu = childCpuSeconds() - cpuAtStart;
    }
    return {
      kind,
      megabytes: (await stat(source)).size / 1e6,
      playable: playback.playable,
      codecs: playback.codecs,
      uploadCheck,
      firstPlayable,
      ladder,
      today: playback.playable ? ladder : today,
      firstCpu,
      ladderCpu,
      todayCpu: playback.playable ? ladderCpu : todayCpu,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const wanted = new Set(values.kinds.split(','));
const chosen = kinds.filter((k) => wanted.has(k.name));
console.log(
  `${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${seconds} s 1080p30 clips in ${clipsDir}`,
);
for (const kind of chosen) await makeClip(kind);

const s = (n: number | null) => (n === null || Number.isNaN(n) ? '-' : `${n.toFixed(1)} s`);
const results: Result[] = [];
for (const kind of chosen) {
  const result = await measure(kind);
  results.push(result);
  // The first rendition's CPU is known only once ffmpeg has ended: not at a first playable
  // moment that comes while it still runs.
  console.log(
    `  ${kind.name}: first playable ${s(result.firstPlayable)} (CPU ${s(result.firstCpu)}), ladder ${s(result.ladder)} (CPU ${s(result.ladderCpu)})` +
      (result.today === null ? '' : `, one-run ladder ${s(result.today)}`),
  );
}
console.log('');
console.log(
  '| input | plays as uploaded | first playable (wall) | CPU | target | met | whole ladder (wall) | CPU | one-run ladder, before (wall) | CPU | ladder CPU against it |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
const against = (r: Result) =>
  r.todayCpu === null || r.playable
    ? '-'
    : `${r.ladderCpu >= r.todayCpu ? '+' : '−'}${((Math.abs(r.ladderCpu - r.todayCpu) / r.todayCpu) * 100).toFixed(1)}% (wall ${r.ladder >= r.today! ? '+' : '−'}${((Math.abs(r.ladder - r.today!) / r.today!) * 100).toFixed(0)}%)`;
for (const r of results) {
  const target = r.playable ? 3 : 15;
  console.log(
    `| ${r.kind.label}, ${r.megabytes.toFixed(0)} MB | ${r.playable ? 'yes' : 'no'} (${r.codecs ?? 'no browser codecs'}) | ${s(r.firstPlayable)} | ${s(r.firstCpu)} | ≤ ${target} s | ${r.firstPlayable <= target ? 'yes' : 'no'} | ${s(r.ladder)} | ${s(r.ladderCpu)} | ${s(r.today)} | ${s(r.todayCpu)} | ${against(r)} |`,
  );
}
console.log(
  `\nload at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
