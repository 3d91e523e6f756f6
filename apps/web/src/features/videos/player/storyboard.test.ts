import { describe, expect, it } from 'vitest';
import { parseStoryboard, parseVttTime, tileAt } from './storyboard';

const vtt = `WEBVTT

00:00:00.000 --> 00:00:02.000
sprite.jpg#xywh=0,0,160,90

00:00:02.000 --> 00:00:04.000
sprite.jpg#xywh=160,0,160,90

1
00:00:04.000 --> 00:00:05.500 align:start
sprite.jpg#xywh=0,90,160,90

00:00:05.500 --> 00:00:06.000
Just a caption, not a tile
`;

describe('storyboard', () => {
  it('reads timestamps with and without hours', () => {
    expect(parseVttTime('00:01:02.500')).toBe(62.5);
    expect(parseVttTime('01:02.5')).toBe(62.5);
    expect(parseVttTime('1:00:00.000')).toBe(3600);
    expect(parseVttTime('soon')).toBeNaN();
  });

  it('parses the tiles, resolving the sprite against the VTT URL', () => {
    const tiles = parseStoryboard(vtt, '/media/videos/v1/storyboard/storyboard.vtt');
    expect(tiles).toHaveLength(3);
    expect(tiles[0]).toEqual({
      start: 0,
      end: 2,
      image: `${window.location.origin}/media/videos/v1/storyboard/sprite.jpg`,
      x: 0,
      y: 0,
      width: 160,
      height: 90,
    });
    expect(tiles[2]).toMatchObject({ start: 4, end: 5.5, x: 0, y: 90 });
  });

  it('handles Windows line endings', () => {
    expect(parseStoryboard(vtt.replace(/\n/g, '\r\n'), 'http://cdn.test/a/b.vtt')[1]).toMatchObject(
      { image: 'http://cdn.test/a/sprite.jpg', x: 160 },
    );
  });

  it('finds the tile for a time', () => {
    const tiles = parseStoryboard(vtt, 'http://cdn.test/sb.vtt');
    expect(tileAt(tiles, 0)?.x).toBe(0);
    expect(tileAt(tiles, 3.2)?.x).toBe(160);
    expect(tileAt(tiles, 4.9)?.y).toBe(90);
    expect(tileAt(tiles, 99)?.y).toBe(90);
    expect(tileAt([], 1)).toBeNull();
  });
});
