import { describe, expect, it } from 'vitest';
import { formatConversationTime } from './conversation-time';

const now = new Date('2026-11-25T12:00:00Z').getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatConversationTime', () => {
  it.each([
    [ago(0), 'Just now'],
    [ago(59_000), 'Just now'],
    [ago(MIN), '1m'],
    [ago(59 * MIN), '59m'],
    [ago(HOUR), '1h'],
    [ago(23 * HOUR + 59 * MIN), '23h'],
    [ago(DAY), '1d'],
    [ago(6 * DAY + 23 * HOUR), '6d'],
    [ago(7 * DAY), 'Nov 18'],
    ['2025-12-31T12:00:00Z', 'Dec 31, 2025'],
  ])('%s reads %s', (input, expected) => {
    expect(formatConversationTime(input, now)).toBe(expected);
  });

  it('reads a time slightly ahead of the clock as now, and nothing for no date', () => {
    expect(formatConversationTime(new Date(now + 5000).toISOString(), now)).toBe('Just now');
    expect(formatConversationTime(null, now)).toBe('');
    expect(formatConversationTime('not a date', now)).toBe('');
  });
});
