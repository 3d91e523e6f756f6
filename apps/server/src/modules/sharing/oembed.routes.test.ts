import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { createVideo, togglePublish } from '../../../test/media-factories';
import { videoIdOfLink } from './oembed.routes';

let t: TestApp;
let owner: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { fullname: 'Ada Lovelace' });
});
afterAll(async () => {
  await t.close();
});

const oembed = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/oembed', query });

describe('GET /api/v1/oembed', () => {
  it('answers the bare oEmbed object for a public video, with the player iframe', async () => {
    const video = await createVideo(t.app, owner, {
      title: 'Notes "on" <the> Engine',
      withThumbnail: true,
    });
    const link = `${t.config.publicUrl}/video/${video._id}`;
    const res = await oembed({ url: link, format: 'json' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      version: '1.0',
      type: 'video',
      provider_name: 'Kinora',
      provider_url: `${t.config.publicUrl}/`,
      title: 'Notes "on" <the> Engine',
      author_name: 'Ada Lovelace',
      author_url: `${t.config.publicUrl}/channel/${owner.userId}`,
      thumbnail_url: `${t.config.publicUrl}${video.thumbnail}`,
      html:
        `<iframe src="${t.config.publicUrl}/embed/${video._id}" width="560" height="315"` +
        ` title="Notes &#34;on&#34; &#60;the&#62; Engine" frameborder="0"` +
        ` allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
      width: 560,
      height: 315,
    });
    // The share form and the embed address name the same video; a smaller frame is kept 16:9.
    const small = await oembed({
      url: `${t.config.publicUrl}/#/video/${video._id}`,
      maxwidth: '320',
    });
    expect(small.json()).toMatchObject({ width: 320, height: 180 });
    const short = await oembed({
      url: `${t.config.publicUrl}/embed/${video._id}`,
      maxheight: '180',
    });
    expect(short.json()).toMatchObject({ width: 320, height: 180 });
  });

  it('is 404 for a draft, an unknown video and another site, 501 for XML, 400 for bad input', async () => {
    const draft = await createVideo(t.app, owner, { title: 'Not yet' });
    await togglePublish(t.app, owner, draft._id);
    for (const url of [
      `${t.config.publicUrl}/video/${draft._id}`,
      `${t.config.publicUrl}/video/9b2e3c4d-0000-4000-8000-000000000000`,
      `https://elsewhere.example/video/${draft._id}`,
      `${t.config.publicUrl}/channel/${owner.userId}`,
      'not a url',
    ]) {
      const res = await oembed({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        message: 'Video not found',
      });
    }
    const xml = await oembed({ url: `${t.config.publicUrl}/video/${draft._id}`, format: 'xml' });
    expect(xml.statusCode).toBe(501);
    expect(xml.json()).toMatchObject({ code: 'NOT_IMPLEMENTED' });
    const refused: Record<string, string>[] = [
      {},
      { url: '' },
      { url: 'x'.repeat(2001) },
      { url: 'a', maxwidth: '10' },
    ];
    for (const query of refused) {
      const res = await oembed(query);
      expect(res.statusCode, JSON.stringify(query).slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('videoIdOfLink', () => {
  const site = 'https://kinora.example';
  const id = '9b2e3c4d-0000-4000-8000-00000000abcd';
  it.each([
    [`${site}/video/${id}`, id],
    [`${site}/video/${id.toUpperCase()}/`, id],
    [`${site}/embed/${id}?t=30`, id],
    [`${site}/#/video/${id}`, id],
    [`${site}:8443/video/${id}`, null],
    [`http://kinora.example/video/${id}`, null],
    [`${site}/video/${id}/comments`, null],
    [`${site}/playlist/${id}`, null],
    ['javascript:alert(1)', null],
  ])('%s names %s', (link, expected) => {
    expect(videoIdOfLink(link, site)).toBe(expected);
  });
});
