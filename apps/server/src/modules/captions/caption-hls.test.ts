import { describe, expect, it } from 'vitest';
import { captionedMasterPlaylist, resolveKey, subtitlePlaylist } from './caption-hls';

describe('captions as HLS subtitle renditions', () => {
  it('a language is a one-segment playlist of its WebVTT file', () => {
    expect(subtitlePlaylist('/media/captions/v/en-1.vtt', 12.5)).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:13\n#EXT-X-MEDIA-SEQUENCE:0\n' +
        '#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:12.500,\n/media/captions/v/en-1.vtt\n#EXT-X-ENDLIST\n',
    );
  });

  it('the master copy lists each language in the group "subs" and points at the renditions', () => {
    const master =
      '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n' +
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"\n360p/index.m3u8\n' +
      '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720\n720p/index.m3u8\n';
    const copy = captionedMasterPlaylist(
      master,
      [
        { language: 'en', label: 'English', playlistUrl: '/media/captions/v/en-1.m3u8' },
        {
          language: 'pt-BR',
          label: 'Português "BR"',
          playlistUrl: '/media/captions/v/pt-BR-2.m3u8',
        },
      ],
      (uri) => `/media/${resolveKey('videos/v/hls/master.m3u8', uri)}`,
    );
    expect(copy).toBe(
      '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n' +
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="/media/captions/v/en-1.m3u8"\n' +
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Português \'BR\'",LANGUAGE="pt-BR",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="/media/captions/v/pt-BR-2.m3u8"\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",SUBTITLES="subs"\n/media/videos/v/hls/360p/index.m3u8\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720,SUBTITLES="subs"\n/media/videos/v/hls/720p/index.m3u8\n',
    );
    // Made again from its own output, it lists the languages once.
    expect(captionedMasterPlaylist(copy, [], (uri) => uri).includes('TYPE=SUBTITLES')).toBe(false);
  });

  it('resolves relative URIs inside the storage root only', () => {
    expect(resolveKey('videos/v/hls/master.m3u8', '360p/index.m3u8')).toBe(
      'videos/v/hls/360p/index.m3u8',
    );
    expect(resolveKey('videos/v/hls/master.m3u8', '../poster/p.jpg')).toBe('videos/v/poster/p.jpg');
    expect(resolveKey('a/m.m3u8', '../../x')).toBeNull();
    expect(resolveKey('a/m.m3u8', 'https://cdn.example/x.m3u8')).toBeNull();
  });
});
