import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser } from '../../../test/factories';
import { createVideo, setVisibility, togglePublish } from '../../../test/media-factories';

const page =
  '<!doctype html><html><head><title>Kinora</title></head><body><div id="root"></div></body></html>';

describe('the web app served by the API server', () => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    // A stand-in for apps/web/dist: the server only needs index.html and an asset.
    distDir = await mkdtemp(path.join(tmpdir(), 'kinora-web-dist-'));
    await writeFile(path.join(distDir, 'index.html'), page);
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    t = await createTestApp({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it.each([
    ['no Accept header', {}],
    ['Accept: */* (curl, uptime checks)', { accept: '*/*' }],
    ['a link preview bot', { accept: 'text/*', 'user-agent': 'Slackbot-LinkExpanding 1.0' }],
    ['a browser', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }],
  ])('answers the page to GET / with %s', async (_label, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(page);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers the page to deep links and HEAD, whatever the Accept header', async () => {
    for (const url of ['/watch/123', '/channel/someone?tab=videos', '/apiary', '/mediathek']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('serves built assets with a year of caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the compressed copy the browser accepts, else the file itself', async () => {
    const code = `export const words = ${JSON.stringify('kinora '.repeat(500))};`;
    const file = path.join(distDir, 'assets', 'big-777.js');
    await writeFile(file, code);
    await writeFile(`${file}.br`, brotliCompressSync(code));
    await writeFile(`${file}.gz`, gzipSync(code));
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/big-777.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(code);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(code);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
  });

  it('serves a rebuild made while it runs: the new index.html and its new assets', async () => {
    await writeFile(path.join(distDir, 'assets', 'index-def456.js'), 'console.log(2);');
    const rebuilt = page.replace('<body>', '<body data-build="2">');
    await writeFile(path.join(distDir, 'index.html'), rebuilt);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-def456.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(2);');
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/', '/index.html', '/watch/123']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(rebuilt);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    await writeFile(path.join(distDir, 'index.html'), page);
  });

  it('serves the web app manifest and its icons with their types, allowed by the CSP', async () => {
    await writeFile(path.join(distDir, 'manifest.webmanifest'), '{"name":"Kinora"}');
    await writeFile(path.join(distDir, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.body).toBe('{"name":"Kinora"}');
    const icon = await t.app.inject({ method: 'GET', url: '/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const csp = String(manifest.headers['content-security-policy']);
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toMatch(/img-src 'self'/);
  });

  it('never serves a file outside the build', async () => {
    for (const url of [
      '/../package.json',
      '/assets/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('root:');
      expect(res.body, url).not.toContain('"name"');
    }
  });

  it('keeps API, media, upload and asset misses as 404 envelopes, even for a browser', async () => {
    const browser = { accept: 'text/html,*/*;q=0.8' };
    for (const url of [
      '/api/v1/nothing-here',
      '/api',
      '/media/videos/missing.mp4',
      '/v1_1/kinora/video/nothing',
      '/assets/index-gone.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: browser });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toContain('text/html');
    }
  });

  it('answers a write to a page path with a 404 envelope, not the page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', success: false });
  });

  it('lets other sites frame the embed player, and no other page', async () => {
    const embed = await t.app.inject({ method: 'GET', url: '/embed/some-video' });
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toBe(page);
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/', '/video/some-video', '/embed/some-video/more', '/embedded/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  describe('link cards', () => {
    const ogTags = (html: string) =>
      Object.fromEntries(
        [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [
          m[1],
          m[2],
        ]),
      );

    it("gives a public video's page its card: title, description, picture, duration", async () => {
      const owner = await registerUser(t.app, { fullname: 'Ada Lovelace' });
      const video = await createVideo(t.app, owner, {
        title: 'Notes on the "Engine" <b>& more</b>',
        description: `First line.\n\n${'Long text. '.repeat(40)}`,
        withThumbnail: true,
      });
      const res = await t.app.inject({ method: 'GET', url: `/video/${video._id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      const tags = ogTags(res.body);
      expect(tags['og:type']).toBe('video.other');
      expect(tags['og:title']).toBe(
        'Notes on the &#34;Engine&#34; &#60;b&#62;&#38; more&#60;/b&#62;',
      );
      expect(tags['og:url']).toBe(`${t.config.publicUrl}/video/${video._id}`);
      expect(tags['og:image']).toBe(`${t.config.publicUrl}${video.thumbnail}`);
      expect(tags['og:description']).toMatch(/^First line\. Long text\./);
      expect(tags['og:description']!.length).toBeLessThanOrEqual(200);
      expect(tags['twitter:card']).toBe('summary_large_image');
      expect(tags['video:duration']).toBe(String(Math.round(video.duration)));
      expect(res.body).toContain(
        '<title>Notes on the &#34;Engine&#34; &#60;b&#62;&#38; more&#60;/b&#62; · Kinora</title>',
      );
      expect(res.body).toContain(
        `<link rel="alternate" type="application/json+oembed" href="${t.config.publicUrl}/api/v1/oembed?url=${encodeURIComponent(`${t.config.publicUrl}/video/${video._id}`)}&#38;format=json"`,
      );
      // Nothing of the title is markup, and the page is otherwise the app's.
      expect(res.body).not.toContain('<b>');
      expect(res.body).toContain('<div id="root"></div>');
    });

    it("gives an unlisted video's link its card, but asks search engines not to index it", async () => {
      const owner = await registerUser(t.app);
      const video = await createVideo(t.app, owner, { title: 'By link only' });
      const page = async () =>
        ogTags((await t.app.inject({ method: 'GET', url: `/video/${video._id}` })).body);
      expect((await page())['robots']).toBeUndefined();
      await setVisibility(t.app, owner, video._id, 'unlisted');
      const tags = await page();
      expect(tags['og:title']).toBe('By link only');
      expect(tags['robots']).toBe('noindex');
      // Private: the plain page.
      await setVisibility(t.app, owner, video._id, 'private');
      expect((await page())['og:title']).toBeUndefined();
    });

    it("gives a channel's page its card", async () => {
      const owner = await registerUser(t.app, { fullname: 'Grace Hopper' });
      const res = await t.app.inject({ method: 'GET', url: `/channel/${owner.userId}` });
      const tags = ogTags(res.body);
      expect(tags['og:type']).toBe('profile');
      expect(tags['og:title']).toBe(`Grace Hopper (@${owner.username})`);
      expect(tags['og:image']).toMatch(new RegExp(`^${t.config.publicUrl}/media/`));
    });

    it('tells nothing of a draft, an unknown id or a malformed one: the plain page', async () => {
      const owner = await registerUser(t.app);
      const draft = await createVideo(t.app, owner, { title: 'Secret plans' });
      await togglePublish(t.app, owner, draft._id);
      for (const url of [
        `/video/${draft._id}`,
        '/video/9b2e3c4d-0000-4000-8000-000000000000',
        '/video/not-an-id',
        '/channel/9b2e3c4d-0000-4000-8000-000000000000',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(page);
      }
      // Signed in as the owner, the page is still the plain one: cards are for links.
      const own = await t.app.inject({
        method: 'GET',
        url: `/video/${draft._id}`,
        headers: owner.auth,
      });
      expect(own.body).toBe(page);
    });
  });
});
