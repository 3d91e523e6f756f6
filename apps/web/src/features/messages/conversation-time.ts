/**
 * The conversation list's compact time (signed-in-areas §9): 'Just now' under a minute, then
 * minutes, hours and days as '5m', '3h', '2d' for the last 7 days, then a short date ('Nov 18',
 * with the year when it is not this year's).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SHORT_DATE_DAYS = 7;

const sameYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const otherYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

export function formatConversationTime(
  input: string | null | undefined,
  now: number = Date.now(),
): string {
  if (!input) return '';
  const date = new Date(input);
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  // A clock a little ahead of ours reads as now, never as a negative age.
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  const days = Math.floor(elapsed / DAY);
  if (days < SHORT_DATE_DAYS) return `${days}d`;
  const format = date.getFullYear() === new Date(now).getFullYear() ? sameYear : otherYear;
  return format.format(date);
}
