import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('writes a calendar date', () => {
    expect(formatDate('2025-06-15T12:00:00Z')).toBe('Jun 15, 2025');
    expect(formatDate(new Date(2024, 0, 2, 12))).toBe('Jan 2, 2024');
  });

  it("shows 'Unknown time' for anything that is not a date", () => {
    expect(formatDate('nope')).toBe('Unknown time');
    expect(formatDate('')).toBe('Unknown time');
    expect(formatDate(null)).toBe('Unknown time');
    expect(formatDate(undefined)).toBe('Unknown time');
  });
});
