import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the executables came from: `env` (FFMPEG_PATH / FFPROBE_PATH), `system` (the PATH),
 * `npm` (the static binaries of @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe), or
 * `mixed` when the two were found in different places.
 */
export type FfmpegSource = 'env' | 'system' | 'npm' | 'mixed';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
  source: FfmpegSource;
}

type Tool = 'ffmpeg' | 'ffprobe';
type ToolSource = Exclude<FfmpegSource, 'mixed'>;

const envVariable: Record<Tool, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };
const npmPackage: Record<Tool, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findOnPath(name: string, env: NodeJS.ProcessEnv): string | null {
  const extensions =
    process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of extensions) {
      const candidate = path.join(dir, name + ext);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return null;
}

/** The npm packages throw on a platform they have no binary for; that is not our failure. */
function fromNpmPackage(tool: Tool): string | null {
  try {
    const require = createRequire(import.meta.url);
    const { path: binary } = require(npmPackage[tool]) as { path: string };
    // npm 11 skips install scripts it was not told to trust, among them the package's own
    // `chmod u+x`: make the shipped binary executable ourselves when we may.
    if (statSync(binary).isFile() && !isExecutableFile(binary)) chmodSync(binary, 0o755);
    return isExecutableFile(binary) ? binary : null;
  } catch {
    return null;
  }
}

function resolveTool(tool: Tool, env: NodeJS.ProcessEnv): { file: string; source: ToolSource } {
  const configured = env[envVariable[tool]];
  if (configured) {
    // A path someone set on purpose must work: falling back silently would hide their mistake.
    if (!isExecutableFile(configured)) {
      throw new Error(`${envVariable[tool]} is set to "${configured}", which is not an executable`);
    }
    return { file: configured, source: 'env' };
  }
  const onPath = findOnPath(tool, env);
  if (onPath) return { file: onPath, source: 'system' };
  const bundled = fromNpmPackage(tool);
  if (bundled) return { file: bundled, source: 'npm' };
  throw new Error(
    `${tool} was not found: install the ffmpeg package (apt-get install ffmpeg), ` +
      `set ${envVariable[tool]}, or install ${npmPackage[tool]}`,
  );
}

/**
 * Finds ffmpeg and ffprobe: the paths the environment names, else the system's (newer, and
 * preferred), else the static binaries shipped by npm so that a machine with only Node still
 * processes video. Throws when one of them cannot be found.
 */
export function resolveFfmpegBinaries(env: NodeJS.ProcessEnv = process.env): FfmpegBinaries {
  const ffmpeg = resolveTool('ffmpeg', env);
  const ffprobe = resolveTool('ffprobe', env);
  return {
    ffmpeg: ffmpeg.file,
    ffprobe: ffprobe.file,
    source: ffmpeg.source === ffprobe.source ? ffmpeg.source : 'mixed',
  };
}

let resolved: FfmpegBinaries | undefined;

/** The binaries of this process, resolved on first use and then kept. */
export function ffmpegBinaries(): FfmpegBinaries {
  resolved ??= resolveFfmpegBinaries();
  return resolved;
}
