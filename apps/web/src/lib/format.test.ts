import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatRelativeTime } from './format';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.0K'],
    [1049, '1.0K'],
    [1050, '1.1K'],
    [15_300, '15.3K'],
    [999_949, '999.9K'],
    [999_999, '1.0M'],
    [1_000_000, '1.0M'],
    [2_540_000, '2.5M'],
  ])('%i -> %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it('reads missing or broken numbers as 0', () => {
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(null)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const second = 1000;
  const minute = 60 * second;
  const hour = 60 * minute;
  const day = 24 * hour;

  it.each([
    [0, 'Just now', 'Just now'],
    [59 * second, 'Just now', 'Just now'],
    [minute, '1 minute ago', '1 min ago'],
    [45 * minute, '45 minutes ago', '45 min ago'],
    [hour, '1 hour ago', '1 hr ago'],
    [23 * hour, '23 hours ago', '23 hr ago'],
    [day, '1 day ago', '1 day ago'],
    [29 * day, '29 days ago', '29 days ago'],
    [30 * day, '1 month ago', '1 mo ago'],
    [75 * day, '2 months ago', '2 mo ago'],
    [364 * day, '12 months ago', '12 mo ago'],
    [365 * day, '1 year ago', '1 yr ago'],
    [800 * day, '2 years ago', '2 yr ago'],
  ])('%i ms ago -> %s / %s', (elapsed, long, short) => {
    expect(formatRelativeTime(ago(elapsed), { now })).toBe(long);
    expect(formatRelativeTime(ago(elapsed), { now, style: 'short' })).toBe(short);
  });

  it('accepts dates and timestamps', () => {
    expect(formatRelativeTime(new Date(now - 2 * hour), { now })).toBe('2 hours ago');
    expect(formatRelativeTime(now - 3 * day, { now })).toBe('3 days ago');
  });

  it("shows 'Unknown time' for anything that is not a date", () => {
    expect(formatRelativeTime('not a date', { now })).toBe('Unknown time');
    expect(formatRelativeTime('', { now })).toBe('Unknown time');
    expect(formatRelativeTime(null, { now })).toBe('Unknown time');
    expect(formatRelativeTime(undefined, { now })).toBe('Unknown time');
  });

  it("treats a moment in the near future (clock skew) as 'Just now'", () => {
    expect(formatRelativeTime(now + 5 * second, { now })).toBe('Just now');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [600, '10:00'],
    [3725, '62:05'],
    [59.9, '0:59'],
  ])('%s s -> %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it("keeps an already formatted 'm:ss' and reads numeric strings", () => {
    expect(formatDuration('4:07')).toBe('4:07');
    expect(formatDuration('125')).toBe('2:05');
  });

  it('shows 0:00 for missing or invalid durations', () => {
    expect(formatDuration(undefined)).toBe('0:00');
    expect(formatDuration(null)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration('abc')).toBe('0:00');
  });
});
