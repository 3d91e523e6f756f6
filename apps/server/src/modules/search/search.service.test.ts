import { describe, expect, it } from 'vitest';
import { correctionsOf, editDistance, searchWords, tsqueryOf } from './search.service';

describe('editDistance', () => {
  it('counts inserts, deletes, replacements and a swap of neighbours as one edit each', () => {
    expect(editDistance('guitar', 'guitar', 2)).toBe(0);
    expect(editDistance('gutar', 'guitar', 2)).toBe(1); // insert
    expect(editDistance('guitarr', 'guitar', 2)).toBe(1); // delete
    expect(editDistance('guitor', 'guitar', 2)).toBe(1); // replace
    expect(editDistance('giutar', 'guitar', 2)).toBe(1); // swap
    expect(editDistance('giutra', 'guitar', 2)).toBe(2);
    expect(editDistance('', 'abc', 5)).toBe(3);
    expect(editDistance('café', 'cafe', 2)).toBe(1); // letters, not UTF-16 units
    expect(editDistance('😀x', 'x', 2)).toBe(1);
  });

  it('stops counting past the limit', () => {
    expect(editDistance('mountain', 'fountain', 1)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
  });
});

describe('correctionsOf', () => {
  it('keeps near words within one edit for short words and two for longer ones, closest first', () => {
    expect(correctionsOf('moutain', ['mountain', 'mountains', 'min', 'moss'])).toEqual([
      'mountain',
      'mountains',
    ]);
    expect(correctionsOf('giutar', ['gpu', 'guitar', 'gym'])).toEqual(['guitar']);
    expect(correctionsOf('cta', ['cat', 'cart', 'act'])).toEqual(['cat']);
    expect(correctionsOf('ctas', ['cats', 'cast', 'castle'])).toEqual(['cats']);
  });

  it('leaves words under three letters alone and offers at most three', () => {
    expect(correctionsOf('ab', ['abc', 'ac'])).toEqual([]);
    expect(correctionsOf('bake', ['bike', 'cake', 'lake', 'make', 'rake'])).toHaveLength(3);
  });

  it('never offers something that is not a word of letters and digits', () => {
    expect(correctionsOf('silva', ['silva.17', 'sil|va', 'silvas'])).toEqual(['silvas']);
  });
});

describe('tsqueryOf', () => {
  it('searches known words as prefixes and adds corrections to the others', () => {
    expect(
      tsqueryOf([
        { word: 'giutar', known: false, near: ['guitar', 'gpu'] },
        { word: 'lesson', known: true, near: [] },
        { word: 'zzqx', known: false, near: ['zara'] },
      ]),
    ).toBe('(giutar:* | guitar) & lesson:* & zzqx:*');
  });

  it('is built from letters and digits only, whatever was typed', () => {
    const words = searchWords("'; drop table videos; -- a & b | !c :* (x)");
    const query = tsqueryOf(words.map((word) => ({ word, known: true, near: [] })));
    expect(query).toBe('drop:* & table:* & videos:* & a:* & b:* & c:* & x:*');
  });
});
