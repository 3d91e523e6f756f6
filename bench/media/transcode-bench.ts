// Transcoding benchmark: our HLS pipeline (buildHlsLadder) against plain ffmpeg run by hand
// with the very same arguments (hlsArguments), on a synthetic 1080p clip, in the same run.
//
//   npx tsx bench/media/transcode-bench.ts [--seconds 60] [--rounds 2] [--preset veryfast]
//
// Method and recorded figures: bench/media/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ffmpegBinaries } from '../../apps/server/src/platform/media/video/ffmpeg-binaries';
import { buildHlsLadder, hlsArguments } from '../../apps/server/src/platform/media/video/hls';
import { probeVideo } from '../../apps/server/src/platform/media/video/probe';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '2' },
    preset: { type: 'string', default: 'veryfast' },
    keep: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const preset = values.preset;

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

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

/**
 * CPU seconds (user + system) used by the ffmpeg children of this process while `work` runs,
 * sampled from /proc every 50 ms (Linux only; null elsewhere). Wall time on a shared machine
 * depends on what else runs; CPU time mostly does not, so it is the fairer comparison.
 */
async function measured(work: () => Promise<unknown>): Promise<Measure> {
  if (process.platform !== 'linux') return { wallSeconds: await timed(work), cpuSeconds: null };
  const ticksPerSecond =
    Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
  const cpuTicks = new Map<number, number>();
  const sample = () => {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        // pid (comm) state ppid ... utime is field 14, stime field 15 (1-based).
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (comm !== 'ffmpeg' || Number(fields[1]) !== process.pid) continue;
        cpuTicks.set(Number(name), Number(fields[11]) + Number(fields[12]));
      } catch {
        // The process ended between listing and reading.
      }
    }
  };
  const timer = setInterval(sample, 50);
  try {
    const wallSeconds = await timed(work);
    return {
      wallSeconds,
      cpuSeconds: [...cpuTicks.values()].reduce((a, b) => a + b, 0) / ticksPerSecond,
    };
  } finally {
    clearInterval(timer);
  }
}

interface Measure {
  wallSeconds: number;
  cpuSeconds: number | null;
}

const { ffmpeg, source } = ffmpegBinaries();
const ffmpegVersion = spawnSync(ffmpeg, ['-version'], { encoding: 'utf8' }).stdout.split('\n')[0];
const workDir = await mkdtemp(path.join(os.tmpdir(), 'kinora-transcode-bench-'));
const input = path.join(workDir, 'source-1080p.mp4');

console.log(`ffmpeg: ${ffmpeg} (${source}) ${ffmpegVersion}`);
console.log(`machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}`);
console.log(`making a ${seconds} s 1080p30 source with audio (testsrc2 + sine)...`);
const makeSeconds = await timed(() =>
  run(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1920x1080:rate=30:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    input,
  ]),
);
console.log(`  made in ${makeSeconds.toFixed(1)} s`);

const probe = await probeVideo(input);
type Kind = 'plain ffmpeg' | 'buildHlsLadder';
const results: ({ round: number; kind: Kind } & Measure)[] = [];

async function plainRun(outputDir: string): Promise<Measure> {
  const { args, renditions, audio } = hlsArguments({ input, outputDir, source: probe, preset });
  const folders = [...renditions.map((r) => r.name), ...(audio ? ['audio'] : [])];
  for (const folder of folders) await mkdir(path.join(outputDir, folder), { recursive: true });
  return measured(() => run(ffmpeg, args));
}

async function pipelineRun(outputDir: string): Promise<Measure> {
  return measured(() => buildHlsLadder({ input, outputDir, probe, preset, onProgress: () => {} }));
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
console.log(`load average before: ${load()}`);

// Alternating the two, so that neither always runs on a warmer (or hotter) machine.
for (let round = 1; round <= rounds; round++) {
  const order =
    round % 2 === 1 ? (['plain', 'pipeline'] as const) : (['pipeline', 'plain'] as const);
  for (const which of order) {
    const outputDir = path.join(workDir, `${which}-${round}`);
    const m = which === 'plain' ? await plainRun(outputDir) : await pipelineRun(outputDir);
    const kind: Kind = which === 'plain' ? 'plain ffmpeg' : 'buildHlsLadder';
    results.push({ round, kind, ...m });
    console.log(
      `round ${round} ${kind.padEnd(14)} wall ${m.wallSeconds.toFixed(1)} s ` +
        `(${(probe.durationSeconds / m.wallSeconds).toFixed(2)}x real time), ` +
        `ffmpeg CPU ${m.cpuSeconds?.toFixed(1) ?? '?'} s, load ${load()}`,
    );
    await rm(outputDir, { recursive: true, force: true });
  }
}

const mean = (kind: Kind, field: 'wallSeconds' | 'cpuSeconds') => {
  const runs = results.filter((r) => r.kind === kind).map((r) => r[field] ?? NaN);
  return runs.reduce((a, b) => a + b, 0) / runs.length;
};
const cores = os.cpus().length;
const speeds = (kind: Kind) => ({
  wall: probe.durationSeconds / mean(kind, 'wallSeconds'),
  // What the speed would be with every core to itself: media seconds per CPU second, times cores.
  cpu: (probe.durationSeconds / mean(kind, 'cpuSeconds')) * cores,
});
const plain = speeds('plain ffmpeg');
const pipeline = speeds('buildHlsLadder');
const renditions = hlsArguments({ input, outputDir: workDir, source: probe }).renditions;
const verdict = (ratio: number) =>
  `${ratio.toFixed(3)} (target >= 0.90: ${ratio >= 0.9 ? 'met' : 'NOT met'})`;

console.log('');
console.log(`ladder: ${renditions.map((r) => `${r.name} ${r.width}x${r.height}`).join(', ')}`);
console.log(`preset ${preset}, ${rounds} round(s) each, means:`);
console.log('                  wall-clock speed   CPU-time speed (x cores)');
console.log(`  plain ffmpeg    ${plain.wall.toFixed(2)}x real time      ${plain.cpu.toFixed(2)}x`);
console.log(
  `  buildHlsLadder  ${pipeline.wall.toFixed(2)}x real time      ${pipeline.cpu.toFixed(2)}x`,
);
console.log(`  ratio (wall)    ${verdict(pipeline.wall / plain.wall)}`);
console.log(`  ratio (CPU)     ${verdict(pipeline.cpu / plain.cpu)}`);

if (values.keep) console.log(`kept ${workDir}`);
else await rm(workDir, { recursive: true, force: true });
