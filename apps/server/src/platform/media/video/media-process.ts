import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface RunMediaToolOptions {
  /** Path of the executable (from ffmpegBinaries()). */
  command: string;
  /** Passed as an argument array: no shell ever sees a file name. */
  args: readonly string[];
  signal?: AbortSignal;
  /** Kills the tool when it runs longer than this. */
  timeoutMs?: number;
  /** Called for every line the tool prints on stdout (ffmpeg's `-progress pipe:1`). */
  onStdoutLine?: (line: string) => void;
  /** Keeps stdout in memory and returns it (ffprobe's JSON, an image piped by ffmpeg). */
  captureStdout?: boolean;
  /** Refuses (and kills) a tool that prints more than this on stdout when captured. */
  maxStdoutBytes?: number;
}

export interface MediaToolResult {
  stdout: Buffer;
}

export type MediaToolFailure = 'exit' | 'timeout' | 'spawn' | 'output-too-large';

/** ffmpeg or ffprobe failed; `stderr` holds the end of what it said, for the log. */
export class MediaToolError extends Error {
  constructor(
    readonly failure: MediaToolFailure,
    message: string,
    readonly stderr: string,
    readonly exitCode: number | null = null,
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

/** What Node's own APIs throw when an AbortSignal stops them. */
export function abortError(signal: AbortSignal): Error {
  const error = new Error('The operation was aborted', { cause: signal.reason });
  error.name = 'AbortError';
  return error;
}

const stderrKeptBytes = 8 * 1024;
const defaultMaxStdoutBytes = 64 * 1024 * 1024;

/**
 * `setpriv` (util-linux) starts a tool with a parent-death signal (`PR_SET_PDEATHSIG`), then
 * becomes it (exec: same pid, so a kill reaches the tool itself). The kernel then kills the
 * tool the moment this process dies, even by `kill -9`, when nothing of ours can run: a killed
 * worker leaves no ffmpeg behind to write beside the retry of its job (issue 20, defect i).
 * Where it is missing (not Linux), tools are started directly and outlive a killed process.
 */
const parentDeathWrapper =
  process.platform === 'linux'
    ? (['/usr/bin/setpriv', '/bin/setpriv'].find((candidate) => existsSync(candidate)) ?? null)
    : null;

/** The command line that starts a tool so that it dies with this process where it can. */
export function diesWithParent(
  command: string,
  args: readonly string[],
): { file: string; args: string[] } {
  if (!parentDeathWrapper) return { file: command, args: [...args] };
  return { file: parentDeathWrapper, args: ['--pdeathsig', 'KILL', '--', command, ...args] };
}

/** setpriv's exit codes when it could not start the tool (EX_EXEC_FAILED, EX_EXEC_ENOENT). */
const wrapperCouldNotStart = (code: number | null, stderr: string) =>
  parentDeathWrapper !== null && (code === 126 || code === 127) && /^setpriv: /m.test(stderr);

/**
 * Runs ffmpeg or ffprobe to the end. The promise settles only once the process has exited,
 * so when it rejects on abort or timeout the process is already gone.
 */
export function runMediaTool(options: RunMediaToolOptions): Promise<MediaToolResult> {
  const { command, args, signal, timeoutMs, onStdoutLine } = options;
  const maxStdoutBytes = options.maxStdoutBytes ?? defaultMaxStdoutBytes;
  const tool = command.split(/[\\/]/).pop() ?? command;

  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const started = diesWithParent(command, args);
    const child = spawn(started.file, started.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });

    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let pendingLine = '';
    let stderr = '';
    let stopReason: 'abort' | 'timeout' | 'output-too-large' | null = null;
    let spawnError: Error | null = null;

    const stop = (reason: NonNullable<typeof stopReason>) => {
      if (stopReason) return;
      stopReason = reason;
      // SIGKILL: the output is being thrown away, so there is nothing to finish cleanly.
      child.kill('SIGKILL');
    };
    const onAbort = () => stop('abort');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = timeoutMs === undefined ? null : setTimeout(() => stop('timeout'), timeoutMs);

    child.stdout.on('data', (chunk: Buffer) => {
      if (options.captureStdout) {
        stdoutBytes += chunk.length;
        if (stdoutBytes > maxStdoutBytes) stop('output-too-large');
        else stdoutChunks.push(chunk);
      }
      if (onStdoutLine) {
        const lines = (pendingLine + chunk.toString('utf8')).split('\n');
        pendingLine = lines.pop() ?? '';
        for (const line of lines) onStdoutLine(line.trimEnd());
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-stderrKeptBytes);
    });
    child.on('error', (error) => {
      spawnError = error;
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (timer) clearTimeout(timer);
      if (pendingLine && onStdoutLine) onStdoutLine(pendingLine.trimEnd());
      const said = stderr.trim();
      if (stopReason === 'abort' && signal) reject(abortError(signal));
      else if (stopReason === 'timeout') {
        reject(new MediaToolError('timeout', `${tool} took longer than ${timeoutMs} ms`, said));
      } else if (stopReason === 'output-too-large') {
        reject(new MediaToolError('output-too-large', `${tool} printed too much output`, said));
      } else if (spawnError) {
        reject(new MediaToolError('spawn', `${tool} could not start: ${spawnError.message}`, ''));
      } else if (wrapperCouldNotStart(code, said)) {
        reject(new MediaToolError('spawn', `${tool} could not start: ${said}`, ''));
      } else if (code !== 0) {
        const lastLine = said.split('\n').pop() ?? '';
        reject(
          new MediaToolError('exit', `${tool} exited with code ${code}: ${lastLine}`, said, code),
        );
      } else {
        resolve({ stdout: Buffer.concat(stdoutChunks) });
      }
    });
  });
}

/**
 * Turns ffmpeg's `-progress pipe:1` lines into a fraction of the duration that never goes
 * back. It stops short of 1: the caller says `finish()` once everything is written.
 */
export function progressReporter(
  durationSeconds: number,
  onProgress: ((fraction: number) => void) | undefined,
): { onLine: (line: string) => void; finish: () => void } {
  let last = -1;
  const report = (fraction: number) => {
    if (fraction > last) {
      last = fraction;
      onProgress?.(fraction);
    }
  };
  return {
    onLine(line) {
      const eq = line.indexOf('=');
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1).trim();
      // out_time_ms is in microseconds too (a historical misnomer); older builds print only it.
      if ((key === 'out_time_us' || key === 'out_time_ms') && /^\d+$/.test(value)) {
        if (durationSeconds > 0) report(Math.min(0.99, Number(value) / 1e6 / durationSeconds));
      }
    },
    finish: () => report(1),
  };
}

/**
 * Demuxers a video upload may use. Anything else (HLS or concat playlists that make ffmpeg
 * open other files or URLs, image formats, raw streams) is refused before it is parsed.
 */
export const acceptedContainers = [
  'mov', // mp4, m4v, mov, 3gp
  'matroska', // mkv and webm
  'webm',
  'avi',
  'flv',
  'mpegts',
  'mpeg',
  'ogg',
  'asf', // wmv
] as const;

/**
 * The input options for a local file. The `file:` prefix keeps ffmpeg from reading a name as
 * a protocol or an option, and the whitelists keep a crafted file from reaching anything else.
 */
export function mediaInputArguments(absolutePath: string): string[] {
  return [
    '-format_whitelist',
    acceptedContainers.join(','),
    '-protocol_whitelist',
    'file',
    '-i',
    `file:${absolutePath}`,
  ];
}

/** ffmpeg options for a run that only a failure should be heard from (no banner, no stdin). */
export const quietFfmpeg = ['-hide_banner', '-nostdin', '-loglevel', 'error'] as const;

/** ffmpeg output options: one frame, as a PNG on stdout (a poster, a storyboard's tiles). */
export const onePngFrameToStdout = [
  '-frames:v',
  '1',
  '-f',
  'image2pipe',
  '-c:v',
  'png',
  'pipe:1',
] as const;
