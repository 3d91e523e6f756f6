/** The deploy/ templates are read the way systemd reads a unit (issue 23 item 1). */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnvironmentFile, readService, render } from './units';

const deploy = path.resolve(import.meta.dirname, '../../../../deploy');
// The API process's V8 flags, which `npm start` and the bench read from this file (decision 0055).
const nodeFlags = (await readFile(path.resolve(import.meta.dirname, '../../node-flags'), 'utf8'))
  .split(/\s+/)
  .filter(Boolean);

describe('deploy templates', () => {
  it('fills every value, and refuses a template with a value missing', () => {
    expect(render('a {{X}} b {{Y_2}}', { X: '1', Y_2: '2' })).toBe('a 1 b 2');
    expect(() => render('{{MISSING}}', {})).toThrow(/MISSING/);
  });

  it('reads an environment file: comments, blanks and quotes', () => {
    expect(parseEnvironmentFile('# note\n\nA=1\nB="two words"\nC=x=y\n')).toEqual({
      A: '1',
      B: 'two words',
      C: 'x=y',
    });
  });

  it('starts the API unit as systemd would, with the server’s node flags: the instance is the port, the files win over Environment=, its own file (METRICS_PORT) may be missing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kinora-units-'));
    try {
      const envFile = path.join(dir, 'kinora.env');
      await writeFile(envFile, 'DATABASE_URL=postgres://db/kinora\nHOST=0.0.0.0\n');
      await writeFile(path.join(dir, 'api-3001.env'), 'METRICS_PORT=9101\n');
      const text = render(
        await readFile(path.join(deploy, 'systemd/kinora-api@.service'), 'utf8'),
        {
          APP_DIR: '/srv/kinora',
          ENV_FILE: envFile,
          INSTANCE_ENV_DIR: dir,
          NODE: '/usr/bin/node',
        },
      );
      const spec = await readService(text, '3001');
      expect(spec).toEqual({
        workingDirectory: '/srv/kinora/apps/server',
        environment: {
          DATABASE_URL: 'postgres://db/kinora',
          PORT: '3001',
          HOST: '0.0.0.0',
          METRICS_PORT: '9101',
        },
        command: '/usr/bin/node',
        args: [...nodeFlags, '--import', 'tsx', 'src/main.ts', '--role', 'api'],
        killSignal: 'SIGTERM',
      });
      const worker = await readService(
        render(await readFile(path.join(deploy, 'systemd/kinora-worker.service'), 'utf8'), {
          APP_DIR: '/srv/kinora',
          ENV_FILE: envFile,
          INSTANCE_ENV_DIR: dir,
          NODE: '/usr/bin/node',
        }),
      );
      // No worker.env in the folder: optional, as `-` says.
      expect(worker.environment).toEqual({ DATABASE_URL: 'postgres://db/kinora', HOST: '0.0.0.0' });
      expect(worker.args).toEqual(['--import', 'tsx', 'src/main.ts', '--role', 'worker']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
