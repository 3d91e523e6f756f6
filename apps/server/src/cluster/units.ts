import { readFile } from 'node:fs/promises';

/**
 * The deploy/ templates: `{{NAME}}` values filled in, and the parts of a systemd unit that say
 * how to start a process (its folder, environment and command), read the way systemd reads
 * them, so that `npm run cluster` starts each process as its unit would (issue 23 item 1).
 */

/** Fills every `{{NAME}}`; a name without a value is an error, not an empty string. */
export function render(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{([A-Z0-9_]+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {{${name}}} in a deploy template`);
    return value;
  });
}

export interface ServiceSpec {
  workingDirectory: string;
  environment: Record<string, string>;
  command: string;
  args: string[];
  /** The signal that stops it (KillSignal=), SIGTERM by default. */
  killSignal: NodeJS.Signals;
}

/** One `KEY=VALUE` per line; `#` comments and blank lines skipped; values may be quoted. */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    env[line.slice(0, eq)] = unquote(line.slice(eq + 1));
  }
  return env;
}

function unquote(value: string): string {
  return /^".*"$/.test(value) ? value.slice(1, -1) : value;
}

/**
 * The [Service] section of a rendered unit: WorkingDirectory, EnvironmentFile (read now; `-FILE`
 * may be missing),
 * Environment (overridden by the files, as in systemd), ExecStart split on spaces (the units here
 * quote nothing) and KillSignal. `%i` is the instance name.
 */
export async function readService(unitText: string, instance = ''): Promise<ServiceSpec> {
  const text = unitText.replaceAll('%i', instance);
  let section = '';
  let workingDirectory = '';
  let exec: string[] = [];
  let killSignal: NodeJS.Signals = 'SIGTERM';
  const environment: Record<string, string> = {};
  const files: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    if (section !== 'Service') continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1);
    if (key === 'WorkingDirectory') workingDirectory = value;
    else if (key === 'EnvironmentFile') files.push(value);
    else if (key === 'Environment') {
      const at = value.indexOf('=');
      environment[value.slice(0, at)] = unquote(value.slice(at + 1));
    } else if (key === 'ExecStart') exec = value.split(/\s+/);
    else if (key === 'KillSignal') killSignal = value as NodeJS.Signals;
  }
  // As in systemd, what the files say wins over Environment= lines, later files over earlier
  // ones; a file named with a leading `-` may be missing.
  for (const file of files) {
    const optional = file.startsWith('-');
    const text = await readFile(optional ? file.slice(1) : file, 'utf8').catch((error: unknown) => {
      if (optional && (error as NodeJS.ErrnoException).code === 'ENOENT') return '';
      throw error;
    });
    Object.assign(environment, parseEnvironmentFile(text));
  }
  const [command, ...args] = exec;
  if (!command) throw new Error('The unit has no ExecStart');
  if (!workingDirectory) throw new Error('The unit has no WorkingDirectory');
  return { workingDirectory, environment, command, args, killSignal };
}
