import { describe, expect, it } from 'vitest';
import { chapterAt, parseChapters } from './chapters';

const description = [
  'How a compiler works, from source to machine code.',
  '',
  '0:00 Intro',
  '1:05 - Lexing',
  '12:30 | Parsing the grammar',
  '1:02:03: Code generation',
  'Slides: https://example.org/slides',
].join('\n');

describe('parseChapters', () => {
  it('reads times at line starts with their titles, each ending where the next starts', () => {
    expect(parseChapters(description, 4000)).toEqual([
      { start: 0, end: 65, title: 'Intro' },
      { start: 65, end: 750, title: 'Lexing' },
      { start: 750, end: 3723, title: 'Parsing the grammar' },
      { start: 3723, end: 4000, title: 'Code generation' },
    ]);
  });

  it('follows the rules creators know: three or more, from 0:00, ascending, 10 s each', () => {
    expect(parseChapters('0:00 Intro\n1:00 End', 600)).toBeNull();
    expect(parseChapters('0:05 Intro\n1:00 Middle\n2:00 End', 600)).toBeNull();
    expect(parseChapters('0:00 Intro\n2:00 Middle\n1:00 End', 600)).toBeNull();
    expect(parseChapters('0:00 Intro\n0:05 Too short\n1:00 End', 600)).toBeNull();
    // A chapter past the end of the video, or an end chapter shorter than 10 s.
    expect(parseChapters('0:00 Intro\n1:00 Middle\n9:00 After', 300)).toBeNull();
    expect(parseChapters('0:00 Intro\n1:00 Middle\n4:55 End', 300)).toBeNull();
  });

  it('skips times with no title and times inside a line', () => {
    expect(parseChapters('0:00\nwatch 0:30 here\n0:00 Intro\n0:40 Setup\n1:20 Demo', 200)).toEqual([
      { start: 0, end: 40, title: 'Intro' },
      { start: 40, end: 80, title: 'Setup' },
      { start: 80, end: 200, title: 'Demo' },
    ]);
  });

  it('leaves the last chapter open when the duration is not known yet', () => {
    expect(parseChapters('0:00 A\n0:10 B\n0:20 C', 0)?.at(-1)).toEqual({
      start: 20,
      end: Number.POSITIVE_INFINITY,
      title: 'C',
    });
  });
});

describe('chapterAt', () => {
  it('finds the chapter playing at a time', () => {
    const chapters = parseChapters(description, 4000);
    expect(chapterAt(chapters, 0)?.title).toBe('Intro');
    expect(chapterAt(chapters, 65)?.title).toBe('Lexing');
    expect(chapterAt(chapters, 3999)?.title).toBe('Code generation');
    expect(chapterAt(null, 10)).toBeNull();
  });
});
