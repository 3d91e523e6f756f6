import { describe, expect, it } from 'vitest';
import { embedCode, pathFromShareHash, shareUrl } from './share-links';

describe('share links', () => {
  it('builds the hash form of the spec', () => {
    expect(shareUrl('video', 'abc', 'https://kinora.example')).toBe(
      'https://kinora.example/#/video/abc',
    );
    expect(shareUrl('playlist', 'p 1', 'https://kinora.example')).toBe(
      'https://kinora.example/#/playlist/p%201',
    );
  });

  it('reads video, channel and playlist hashes back into paths', () => {
    expect(pathFromShareHash('#/video/abc')).toBe('/video/abc');
    expect(pathFromShareHash('#/channel/c1')).toBe('/channel/c1');
    expect(pathFromShareHash('#/playlist/p1/')).toBe('/playlist/p1');
  });

  it('carries where a shared video starts, and only for a video', () => {
    expect(shareUrl('video', 'abc', 'https://kinora.example', 83.7)).toBe(
      'https://kinora.example/#/video/abc?t=83',
    );
    expect(shareUrl('video', 'abc', 'https://kinora.example', 0)).toBe(
      'https://kinora.example/#/video/abc',
    );
    expect(shareUrl('channel', 'c1', 'https://kinora.example', 83)).toBe(
      'https://kinora.example/#/channel/c1',
    );
    expect(pathFromShareHash('#/video/abc?t=83')).toBe('/video/abc?t=83');
    expect(pathFromShareHash('#/channel/c1?t=83')).toBe('/channel/c1');
    expect(pathFromShareHash('#/video/abc?t=x')).toBeNull();
  });

  it('writes an embed code whose title cannot break out of its attribute', () => {
    expect(embedCode({ id: 'v1', title: 'A "quoted" <b>title</b>' }, 'https://k.example', 90)).toBe(
      '<iframe src="https://k.example/embed/v1?t=90" width="560" height="315"' +
        ' title="A &#34;quoted&#34; &#60;b&#62;title&#60;/b&#62;" frameborder="0"' +
        ' allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>',
    );
  });

  it('ignores other hashes', () => {
    expect(pathFromShareHash('')).toBeNull();
    expect(pathFromShareHash('#main')).toBeNull();
    expect(pathFromShareHash('#/upload')).toBeNull();
    expect(pathFromShareHash('#/video/')).toBeNull();
  });
});
