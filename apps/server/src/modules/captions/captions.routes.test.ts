/**
 * Captions through the API (decision 0044): the owner adds SRT or WebVTT per language, stored
 * as checked WebVTT, read by whoever sees the video, and listed as HLS subtitle renditions in
 * the master playlist the video answers once it has one. Refused files write nothing.
 */
import type { Video } from '@kinora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectOk } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { clip, createVideo, eventually, togglePublish } from '../../../test/media-factories';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;
let video: Video;

beforeAll(async () => {
  t = await createTestApp({}, { workers: true });
  [owner, other] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    clip({ width: 320, height: 180, seconds: 2 }),
  ]);
  video = await createVideo(t.app, owner, {
    file: await clip({ width: 320, height: 180, seconds: 2 }),
  });
});
afterAll(async () => {
  await t.close();
});

const srt =
  '1\n00:00:00,200 --> 00:00:01,500\nHello <i>there</i><script>alert(1)</script>\n\n' +
  '2\n00:00:01,500 --> 00:00:02,000\n<font color="red">Bye</font>\n';

function put(
  videoId: string,
  language: string,
  file: string | Buffer,
  as: RegisteredUser | null = owner,
  label = 'English',
) {
  const body = multipart({
    label,
    file: {
      filename: 'captions.srt',
      contentType: 'application/x-subrip',
      data: Buffer.from(file),
    },
  });
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/videos/${videoId}/captions/${language}`,
    payload: body.payload,
    headers: { ...body.headers, ...(as?.auth ?? {}) },
  });
}

const get = (url: string, as: RegisteredUser | null = null) =>
  t.app.inject({ method: 'GET', url, headers: as?.auth ?? {} });

/** The stored files under the video's captions prefix. */
async function storedCaptionFiles(videoId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.storage.list()) {
    if (object.key.startsWith(`captions/${videoId}/`)) keys.push(object.key);
  }
  return keys.sort();
}

const settled = (id: string) =>
  eventually(
    async () => {
      const v = await expectOk(t.app, 'getVideo', { params: { id } });
      return v.status === 'ready' || v.status === 'failed' ? v : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 300, what: `video ${id} to be processed` },
  );

describe('captions', () => {
  it('converts an SRT to WebVTT with HTML stripped, and lists it for everyone', async () => {
    const res = await put(video._id, 'en', srt);
    expect(res.statusCode, res.body).toBe(200);
    const caption = res.json().data;
    expect(caption).toMatchObject({ language: 'en', label: 'English', cues: 2 });
    const file = await get(caption.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/vtt/);
    expect(file.body).toBe(
      'WEBVTT\n\n00:00:00.200 --> 00:00:01.500\nHello <i>there</i>\n\n00:00:01.500 --> 00:00:02.000\nBye\n',
    );
    const playlist = await get(caption.playlist);
    expect(playlist.body).toContain(caption.url);
    const list = await expectOk(t.app, 'listCaptions', { params: { id: video._id } });
    expect(list.captions.map((c) => c.language)).toEqual(['en']);
  });

  it('lists the captions in the master playlist the video answers, also after processing', async () => {
    // Added before the ladder was done: the job's new master gets its captioned copy.
    const ready = await settled(video._id);
    expect(ready.status).toBe('ready');
    const hls = await eventually(
      async () => {
        const v = await expectOk(t.app, 'getVideo', { params: { id: video._id } });
        const master = v.hls ? (await get(v.hls)).body : '';
        return master.includes('TYPE=SUBTITLES') ? master : undefined;
      },
      { what: 'the captioned master' },
    );
    expect(hls).toMatch(
      /#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",.*URI="\/media\/captions\//,
    );
    expect(hls).toMatch(/#EXT-X-STREAM-INF:.*SUBTITLES="subs"\n\/media\/videos\/.+\/index\.m3u8/);
    // Each rendition the copy names plays.
    const rendition = hls.split('\n').find((l) => l.startsWith('/media/videos/'))!;
    expect((await get(rendition)).statusCode).toBe(200);

    // A second language, replaced, then removed: the master follows, old files go.
    expect((await put(video._id, 'pt-br', srt, owner, 'Português')).statusCode).toBe(200);
    const replaced = await put(
      video._id,
      'pt-BR',
      srt.replace('Hello', 'Olá'),
      owner,
      'Português (BR)',
    );
    expect(replaced.json().data).toMatchObject({ language: 'pt-BR', label: 'Português (BR)' });
    const withBoth = await expectOk(t.app, 'getVideo', { params: { id: video._id } });
    expect((await get(withBoth.hls!)).body).toContain('NAME="Português (BR)",LANGUAGE="pt-BR"');
    const del = await callApi(t.app, 'deleteCaptions', {
      params: { id: video._id, language: 'pt-BR' },
      as: owner,
    });
    expect(del.statusCode).toBe(200);
    const after = await expectOk(t.app, 'getVideo', { params: { id: video._id } });
    expect((await get(after.hls!)).body).not.toContain('pt-BR');
    await eventually(
      async () => ((await storedCaptionFiles(video._id)).length === 3 ? true : undefined),
      {
        what: 'replaced files to go',
      },
    );
    const again = await callApi(t.app, 'deleteCaptions', {
      params: { id: video._id, language: 'pt-BR' },
      as: owner,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses what is not captions with a clear 400 or 413, and writes nothing', async () => {
    const before = await storedCaptionFiles(video._id);
    const cases: [string | Buffer, number, string][] = [
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
        400,
        'The file is not a text file (it holds NUL bytes)',
      ],
      [
        Buffer.from([0xc3, 0x28, 0x41]),
        400,
        'The file is not UTF-8 text; save it as UTF-8 and try again',
      ],
      [
        '1\n00:00:03,000 --> 00:00:01,000\nBackwards\n',
        400,
        'Line 2: the cue ends before it starts (00:00:03.000 --> 00:00:01.000)',
      ],
      ['just words\n', 400, 'Line 1: expected a cue timing such as 00:00:01.000 --> 00:00:04.000'],
      [
        `WEBVTT\n\n00:01.000 --> 00:02.000\n${'x'.repeat(600 * 1024)}\n`,
        413,
        'Caption files must be at most 512 KB',
      ],
    ];
    for (const [file, status, message] of cases) {
      const res = await put(video._id, 'de', file);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const badTag = await put(video._id, 'english!', srt);
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().message).toMatch(/language tag such as en, pt-BR/);
    const noLabel = await put(video._id, 'de', srt, owner, ' ');
    expect(noLabel.statusCode).toBe(400);
    expect(await storedCaptionFiles(video._id)).toEqual(before);
    const list = await expectOk(t.app, 'listCaptions', { params: { id: video._id } });
    expect(list.captions.map((c) => c.language)).toEqual(['en']);
  });

  it('takes at most 20 languages', async () => {
    const many = await createVideo(t.app, owner);
    // Its transcode rewrites the master copy that lists the captions: done first, so the files
    // compared below change only by what the refused upload would write.
    await settled(many._id);
    for (let i = 0; i < 20; i++) {
      const tag = `a${String.fromCharCode(97 + i)}`;
      expect((await put(many._id, tag, srt)).statusCode).toBe(200);
    }
    // Each upload's replaced master goes by a queued job: wait for them, so the files compared
    // below are the twenty languages' (a playlist and a WebVTT each) and the one master.
    const before = await eventually(
      async () => {
        const keys = await storedCaptionFiles(many._id);
        return keys.length === 20 * 2 + 1 ? keys : undefined;
      },
      { what: 'the replaced masters to go' },
    );
    const res = await put(many._id, 'zz', srt);
    expect([res.statusCode, res.json().message]).toEqual([
      400,
      'A video can have captions in at most 20 languages',
    ]);
    expect(await storedCaptionFiles(many._id)).toEqual(before);
    expect((await put(many._id, 'aa', srt, owner, 'Replaced')).statusCode).toBe(200);
  });

  it('belongs to the owner: 403 to others on a public video, 404 on a draft and an unknown one', async () => {
    expect((await put(video._id, 'fr', srt, other)).statusCode).toBe(403);
    expect((await put(video._id, 'fr', srt, null)).statusCode).toBe(401);
    const draft = await createVideo(t.app, owner);
    expect((await put(draft._id, 'en', srt)).statusCode).toBe(200);
    await togglePublish(t.app, owner, draft._id);
    expect((await put(draft._id, 'fr', srt, other)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await put(unknown, 'fr', srt)).statusCode).toBe(404);
    expect((await callApi(t.app, 'listCaptions', { params: { id: unknown } })).statusCode).toBe(
      404,
    );

    // A draft's caption files go to whoever may see the draft, as its other media.
    const [caption] = (
      await expectOk(t.app, 'listCaptions', { params: { id: draft._id }, as: owner })
    ).captions;
    expect((await get(caption!.url, owner)).statusCode).toBe(200);
    expect((await get(caption!.url, other)).statusCode).toBe(404);
    expect((await get(caption!.url)).statusCode).toBe(404);
    expect((await callApi(t.app, 'listCaptions', { params: { id: draft._id } })).statusCode).toBe(
      404,
    );
  });
});
