import { describe, expect, it } from 'vitest';
import { pathFromShareHash, shareUrl } from './share-links';

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

  it('ignores other hashes', () => {
    expect(pathFromShareHash('')).toBeNull();
    expect(pathFromShareHash('#main')).toBeNull();
    expect(pathFromShareHash('#/upload')).toBeNull();
    expect(pathFromShareHash('#/video/')).toBeNull();
  });
});
