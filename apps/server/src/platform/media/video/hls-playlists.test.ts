import { describe, expect, it } from 'vitest';
import {
  finishedAsVod,
  avcCodecString,
  masterPlaylist,
  parseMediaPlaylist,
  segmentBitrates,
} from './hls-playlists';

describe('parseMediaPlaylist', () => {
  it('reads the init segment, the segments and the end', () => {
    const playlist = parseMediaPlaylist(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:4',
        '#EXT-X-MAP:URI="init.mp4"',
        '#EXTINF:4.000000,',
        'seg_00001.m4s',
        '#EXTINF:1.5,',
        'seg_00002.m4s',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
    expect(playlist).toEqual({
      initSegment: 'init.mp4',
      segments: [
        { uri: 'seg_00001.m4s', durationSeconds: 4 },
        { uri: 'seg_00002.m4s', durationSeconds: 1.5 },
      ],
      hasEndList: true,
    });
  });

  it('refuses what is not a playlist', () => {
    expect(() => parseMediaPlaylist('hello')).toThrow(/EXTM3U/);
  });
});

describe('finishedAsVod', () => {
  const event = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-TARGETDURATION:4',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-MAP:URI="init.mp4"',
    '#EXTINF:4.000000,',
    'seg_00001.m4s',
  ].join('\n');

  it('makes a finished EVENT playlist a VOD one, the rest of it unchanged', () => {
    expect(finishedAsVod(`${event}\n#EXT-X-ENDLIST\n`)).toBe(
      `${event.replace('TYPE:EVENT', 'TYPE:VOD')}\n#EXT-X-ENDLIST\n`,
    );
  });

  it('leaves a playlist still growing as it is', () => {
    expect(finishedAsVod(`${event}\n`)).toBe(`${event}\n`);
  });
});

describe('avcCodecString', () => {
  it('reads profile, constraints and level from the avcC box', () => {
    const box = Buffer.concat([
      Buffer.from([0, 0, 0, 20]),
      Buffer.from('avcC', 'latin1'),
      Buffer.from([1, 0x64, 0x00, 0x1f, 0xff]),
    ]);
    expect(avcCodecString(Buffer.concat([Buffer.alloc(32), box]))).toBe('avc1.64001f');
  });

  it('fails without one', () => {
    expect(() => avcCodecString(Buffer.alloc(64))).toThrow(/avcC/);
  });
});

describe('segmentBitrates', () => {
  it('announces the peak segment and ignores a short last one', () => {
    const rates = segmentBitrates(
      [
        { bytes: 500_000, durationSeconds: 4 }, // 1 Mb/s
        { bytes: 1_000_000, durationSeconds: 4 }, // 2 Mb/s
        { bytes: 100_000, durationSeconds: 0.1 }, // 8 Mb/s, but only 3 frames
      ],
      4,
    );
    expect(rates.peak).toBe(2_000_000);
    expect(rates.average).toBe(Math.ceil((1_600_000 * 8) / 8.1));
  });

  it('uses a lone short segment', () => {
    expect(segmentBitrates([{ bytes: 1000, durationSeconds: 1 }], 4).peak).toBe(8000);
  });
});

describe('masterPlaylist', () => {
  it('lists every rendition, lowest first, with the attributes players need', () => {
    const text = masterPlaylist([
      {
        uri: '720p/index.m3u8',
        bandwidth: 3_000_000,
        averageBandwidth: 2_500_000,
        width: 1280,
        height: 720,
        framesPerSecond: 30,
        codecs: 'avc1.64001f,mp4a.40.2',
      },
      {
        uri: '360p/index.m3u8',
        bandwidth: 900_000,
        averageBandwidth: 800_000,
        width: 640,
        height: 360,
        framesPerSecond: 29.97,
        codecs: 'avc1.64001e,mp4a.40.2',
      },
    ]);
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '',
        '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=800000,RESOLUTION=640x360,FRAME-RATE=29.970,CODECS="avc1.64001e,mp4a.40.2"',
        '360p/index.m3u8',
        '',
        '#EXT-X-STREAM-INF:BANDWIDTH=3000000,AVERAGE-BANDWIDTH=2500000,RESOLUTION=1280x720,FRAME-RATE=30.000,CODECS="avc1.64001f,mp4a.40.2"',
        '720p/index.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('names the audio rendition every variant plays with', () => {
    const text = masterPlaylist(
      [
        {
          uri: '360p/index.m3u8',
          bandwidth: 900_000,
          averageBandwidth: 800_000,
          width: 640,
          height: 360,
          framesPerSecond: 30,
          codecs: 'avc1.64001e,mp4a.40.2',
        },
      ],
      'audio/index.m3u8',
    );
    expect(text.split('\n').slice(3, 7)).toEqual([
      '',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Sound",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/index.m3u8"',
      '',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=800000,RESOLUTION=640x360,FRAME-RATE=30.000,CODECS="avc1.64001e,mp4a.40.2",AUDIO="audio"',
    ]);
  });
});
