import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { registerUser, type RegisteredUser } from '../test/factories';
import { createVideo, eventually, filesUnder, signUpload } from '../test/media-factories';
import { cleanCrashLeftovers, leftoverAgeSeconds, startWorkers } from './workers';

// Audit defect m: a kill -9 left transcode work folders and partial uploads on disk for ever.

let t: TestApp;
let user: RegisteredUser;
let workDir: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
  workDir = path.join(t.config.dataDir, 'work');
});
afterAll(async () => {
  await t.close();
});

const longAgo = new Date(Date.now() - (leftoverAgeSeconds + 3600) * 1000);

/** What a killed process leaves: a file, or a folder with a file inside, last written long ago. */
async function leftover(relativeToDataDir: string, { old = true } = {}): Promise<string> {
  const entry = path.join(t.config.dataDir, relativeToDataDir);
  const isFolder = !path.extname(entry);
  const file = isFolder ? path.join(entry, 'hls', 'segment-3.m4s') : entry;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'partial');
  if (old) {
    for (let p = file; p.startsWith(entry); p = path.dirname(p)) await utimes(p, longAgo, longAgo);
  }
  return entry;
}

const listing = async (dir: string) => (await readdir(dir).catch(() => [])).sort();

describe('crash leftovers', () => {
  it('on schedule: removes old work folders and partial uploads, sparing uploads in flight', async () => {
    const deadWork = await leftover('work/video-0b1c-AbC123');
    const freshWork = await leftover('work/video-0b1c-Zyx987', { old: false });
    const deadUpload = await leftover('uploads/3f2a.incoming');
    await leftover('uploads/7e1d.part'); // a chunked upload's: its session decides
    await leftover('uploads/readme.txt'); // not ours to judge

    // An upload arriving now, its file made to look old: still spared, as it is in use.
    const signed = await signUpload(t.app, user, 'videos');
    const body = new PassThrough();
    const fields = Object.entries({
      api_key: signed.apiKey,
      timestamp: String(signed.timestamp),
      signature: signed.signature,
      folder: 'videos',
    })
      .map(([n, v]) => `--B\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`)
      .join('');
    body.write(
      `${fields}--B\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\nsome bytes`,
    );
    const answer = t.app.inject({
      method: 'POST',
      url: '/v1_1/kinora/video/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=B' },
      payload: body,
    });
    const inFlight = await eventually(
      async () =>
        (await listing(t.config.uploadsDir)).find(
          (n) => n.endsWith('.incoming') && n !== '3f2a.incoming',
        ),
      { what: 'the upload in flight', timeoutMs: 10_000 },
    );
    await utimes(path.join(t.config.uploadsDir, inFlight), longAgo, longAgo);

    const removed = await cleanCrashLeftovers({
      services: t.services,
      olderThanSeconds: leftoverAgeSeconds,
    });
    expect(removed.sort()).toEqual([deadUpload, deadWork].sort());
    expect(await listing(workDir)).toEqual([path.basename(freshWork)]);
    expect(await listing(t.config.uploadsDir)).toEqual(
      [inFlight, '7e1d.part', 'readme.txt'].sort(),
    );

    body.end('\r\n--B--\r\n');
    expect((await answer).statusCode).toBe(415); // not a video; what matters is it was not cut
  });

  it('spares the work folder of a transcode running in this process', async () => {
    const video = await createVideo(t.app, user);
    const running = t.services.videoProcessor.process(
      { videoId: video._id },
      { attempt: 1, isLastAttempt: true, signal: new AbortController().signal },
    );
    const folder = await eventually(
      async () => (await listing(workDir)).find((n) => n.startsWith(`video-${video._id}-`)),
      { what: 'the transcode folder', timeoutMs: 20_000 },
    );
    // Even with no age at all, the folder in use stays.
    const removed = await cleanCrashLeftovers({ services: t.services, olderThanSeconds: 0 });
    expect(removed).not.toContain(path.join(workDir, folder));
    await running;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${video._id}` });
    expect(res.json().data).toMatchObject({ status: 'ready' });
    expect(await listing(workDir)).not.toContain(folder);
  });

  it('at start, the sole worker removes every leftover, however recent', async () => {
    const work = await leftover('work/video-5d-QwE', { old: false });
    const upload = await leftover('uploads/9c.incoming', { old: false });
    await startWorkers({
      queue: t.queue,
      services: t.services,
      storage: t.storage,
      config: t.config,
      soleWorker: true,
    });
    expect(await listing(workDir)).not.toContain(path.basename(work));
    expect(await filesUnder(t.config.uploadsDir)).not.toContain(path.basename(upload));
  });
});
