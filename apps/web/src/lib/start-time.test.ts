import { describe, expect, it } from 'vitest';
import { parseStartTime } from './start-time';

describe('parseStartTime', () => {
  it.each([
    ['90', 90],
    ['90s', 90],
    ['1m30s', 90],
    ['1m', 60],
    ['1h2m3s', 3723],
    ['1:30', 90],
    ['1:02:03', 3723],
    [' 2M5S ', 125],
  ])('reads %s as %i seconds', (value, seconds) => {
    expect(parseStartTime(value, 4000)).toBe(seconds);
  });

  it.each([
    null,
    '',
    '0',
    '0s',
    'abc',
    '-5',
    '1:5',
    '1:60',
    '1.5',
    '1e3',
    '12345678',
    'javascript:',
  ])('takes %s as no start time', (value) => {
    expect(parseStartTime(value, 4000)).toBeNull();
  });

  it('plays from the start when the time is not inside the video', () => {
    expect(parseStartTime('120', 100)).toBeNull();
    expect(parseStartTime('100', 100)).toBeNull();
    // Length not known yet: taken as asked (the player clamps it).
    expect(parseStartTime('120', 0)).toBe(120);
  });
});
