import { describe, expect, it } from 'vitest';
import { parseRichText, type RichTextPart } from './rich-text';

const live = (text: string, times = false) =>
  parseRichText(text, { times }).filter((part) => part.kind !== 'text');

describe('parseRichText', () => {
  it('finds web addresses and leaves the sentence around them as text', () => {
    expect(parseRichText('Slides: https://example.org/talk?id=3#end. Enjoy!')).toEqual([
      { kind: 'text', text: 'Slides: ' },
      {
        kind: 'link',
        text: 'https://example.org/talk?id=3#end',
        href: 'https://example.org/talk?id=3#end',
      },
      { kind: 'text', text: '. Enjoy!' },
    ]);
  });

  it('opens www. addresses over https, and keeps brackets the address opens', () => {
    expect(live('(see www.example.org/a_(b)) and (http://x.org/wiki)')).toEqual([
      { kind: 'link', text: 'www.example.org/a_(b)', href: 'https://www.example.org/a_(b)' },
      { kind: 'link', text: 'http://x.org/wiki', href: 'http://x.org/wiki' },
    ]);
  });

  it('never makes a link of another scheme, or of an address with no host', () => {
    expect(live('javascript:alert(1) data:text/html,<b>x</b> vbscript:x https://nohost')).toEqual(
      [],
    );
    expect(live('JAVASCRIPT://example.org/%0Aalert(1)')).toEqual([]);
  });

  it('keeps markup as text: nothing in it is interpreted', () => {
    const text = '<img src=x onerror=alert(1)> <a href="javascript:alert(1)">hi</a>';
    expect(parseRichText(text)).toEqual([{ kind: 'text', text }]);
  });

  it('finds @usernames, not e-mail addresses, and ends a name before a closing dot', () => {
    expect(live('thanks @Ada_L. and @bob.smith, mail ada@example.org or @x')).toEqual([
      { kind: 'mention', text: '@Ada_L', username: 'ada_l' },
      { kind: 'mention', text: '@bob.smith', username: 'bob.smith' },
    ]);
  });

  it('finds m:ss, mm:ss and h:mm:ss only where times are asked for', () => {
    const text = 'Intro 0:00, demo 12:34, long 1:02:03 and 123:45';
    expect(live(text)).toEqual([]);
    expect(live(text, true)).toEqual([
      { kind: 'time', text: '0:00', seconds: 0 },
      { kind: 'time', text: '12:34', seconds: 754 },
      { kind: 'time', text: '1:02:03', seconds: 3723 },
      { kind: 'time', text: '123:45', seconds: 7425 },
    ]);
  });

  it('takes no time out of longer runs of digits and colons, or impossible seconds', () => {
    expect(live('1:23:45:67 12:345 4:60 10:5 2024-01-01T10:30:00', true)).toEqual([]);
  });

  it('does not take a time or a name out of an address', () => {
    expect(live('https://example.org/@ada/10:30', true)).toEqual([
      {
        kind: 'link',
        text: 'https://example.org/@ada/10:30',
        href: 'https://example.org/@ada/10:30',
      },
    ]);
  });

  it('loses nothing: the parts joined are the text', () => {
    const samples = [
      '',
      'plain',
      '@ab @abc. www. https:// http://a.b/c). 9:99 1:00:00:00',
      '\u0000https://x.org\u0000@ada\n3:21\t',
      '((((https://x.org/)))))',
    ];
    for (const text of samples) {
      const parts: RichTextPart[] = parseRichText(text, { times: true });
      expect(parts.map((part) => part.text).join('')).toBe(text);
    }
  });
});
