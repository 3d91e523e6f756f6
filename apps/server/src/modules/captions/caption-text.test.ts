import { describe, expect, it } from 'vitest';
import { CaptionFileError, parseCaptions, sanitizeCueText, toWebVtt } from './caption-text';

const convert = (text: string | Buffer) =>
  toWebVtt(parseCaptions(typeof text === 'string' ? Buffer.from(text, 'utf8') : text));
const refusal = (text: string | Buffer) => {
  try {
    convert(text);
  } catch (error) {
    if (error instanceof CaptionFileError) return error.message;
    throw error;
  }
  throw new Error('the file was accepted');
};

describe('SRT and WebVTT to WebVTT', () => {
  it('converts SRT: commas become dots, numbers go, a BOM and CRLF line ends are fine', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:04,250\r\nHello <i>there</i>\r\nsecond line\r\n\r\n' +
      '2\r\n00:01:02,500 --> 00:01:05,000\r\nBye\r\n';
    expect(convert(srt)).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.250\nHello <i>there</i>\nsecond line\n\n' +
        '00:01:02.500 --> 00:01:05.000\nBye\n',
    );
  });

  it('keeps WebVTT cue ids, settings, regions and cue tags; drops NOTE and STYLE blocks', () => {
    const vtt = [
      'WEBVTT - a title',
      '',
      'REGION\nid:top\nwidth:40%',
      '',
      'STYLE\n::cue { color: red }',
      '',
      'NOTE a comment',
      '',
      'intro\n00:00.500 --> 00:02.000 line:0 position:10%,line-left align:start size:50% vertical:rl region:top\n<v Roger Bingham>We are <b>here</b></v> <c.yellow.big>now</c> <lang en-GB>colour</lang> <00:01.000>then',
      '',
      '01:00:00.000 --> 01:00:01.000 bogus:1 line:nope align:middle\n<ruby>漢<rt>kan</rt></ruby>',
    ].join('\n');
    expect(convert(vtt)).toBe(
      [
        'WEBVTT',
        '',
        'REGION\nid:top\nwidth:40%',
        '',
        'intro\n00:00:00.500 --> 00:00:02.000 line:0 position:10%,line-left align:start size:50% vertical:rl region:top\n<v Roger Bingham>We are <b>here</b></v> <c.yellow.big>now</c> <lang en-GB>colour</lang> <00:01.000>then',
        '',
        '01:00:00.000 --> 01:00:01.000\n<ruby>漢<rt>kan</rt></ruby>',
        '',
      ].join('\n'),
    );
  });

  it('strips HTML, never keeping a script or its content; escapes stray brackets and ampersands', () => {
    expect(
      sanitizeCueText(
        '<script>alert(1)</script><font color="red">Red</font> <img src=x onerror=alert(1)>{\\an8}top & a < b > c &amp; <a href="javascript:x">link</a>',
      ),
    ).toBe('Red top &amp; a &lt; b &gt; c &amp; link');
    expect(sanitizeCueText('<style>p{}</style>ok <b onclick="x">bold</b> -->')).toBe(
      'ok <b>bold</b> --&gt;',
    );
    expect(sanitizeCueText('<script>never closed')).toBe('');
  });

  it('keeps the text of an SRT cue that holds an empty line', () => {
    expect(convert('1\n00:00:01,000 --> 00:00:02,000\nfirst\n\nstill first\n')).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfirst\nstill first\n',
    );
  });

  it('refuses broken timing with the line it is on', () => {
    expect(refusal('1\n00:00:04,000 --> 00:00:02,000\nBackwards\n')).toBe(
      'Line 2: the cue ends before it starts (00:00:04.000 --> 00:00:02.000)',
    );
    expect(refusal('WEBVTT\n\n00:00:01.000 --> 00:00:01.000\nEmpty span\n')).toMatch(
      /^Line 3: the cue ends before it starts/,
    );
    expect(refusal('1\n00:00:01 --> 00:00:02\nNo milliseconds\n')).toBe(
      'Line 2: the cue timing "00:00:01 --> 00:00:02" is not HH:MM:SS,mmm --> HH:MM:SS,mmm',
    );
    expect(refusal('WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nSRT commas in WebVTT\n')).toMatch(
      /is not HH:MM:SS\.mmm --> HH:MM:SS\.mmm$/,
    );
    expect(refusal('WEBVTT\n\n00:61.000 --> 00:62.000\nNo such minute\n')).toMatch(/^Line 3/);
    expect(
      refusal(
        '1\n00:00:05,000 --> 00:00:06,000\nLater\n\n2\n00:00:01,000 --> 00:00:02,000\nEarlier\n',
      ),
    ).toBe(
      'Line 6: the cue starts at 00:00:01.000, before the cue above it (00:00:05.000); cues must be in time order',
    );
    expect(refusal('WEBVTT\n\nJust some words\nwithout a timing\n')).toBe(
      'Line 3: expected a cue timing such as 00:00:01.000 --> 00:00:04.000',
    );
  });

  it('refuses what is not text: NUL bytes, bytes that are not UTF-8, control characters', () => {
    expect(refusal(Buffer.from([0x57, 0x45, 0x42, 0x00, 0x56]))).toBe(
      'The file is not a text file (it holds NUL bytes)',
    );
    expect(refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x4a, 0x46]))).toBe(
      'The file is not UTF-8 text; save it as UTF-8 and try again',
    );
    expect(refusal('WEBVTT\n\n00:01.000 --> 00:02.000\nbell\u0007\n')).toBe(
      'The file is not a text file (it holds control characters)',
    );
  });

  it('refuses an empty file and one without cues', () => {
    expect(refusal(' \n\n')).toBe('The file is empty');
    expect(refusal('WEBVTT\n\nNOTE nothing here\n')).toBe('The file has no cues');
    expect(refusal('1\n00:00:01,000 --> 00:00:02,000\n<script>x</script>\n')).toBe(
      'The file has no cues',
    );
  });
});
