/** Display formatting shared by every screen (spec §9 of both documents). */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 999 -> '999', 1000 -> '1.0K', 1250000 -> '1.3M'; one decimal, never '1000.0K'. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '0';
  const n = Math.trunc(value);
  const abs = Math.abs(n);
  if (abs >= 1_000_000 || Number((abs / 1000).toFixed(1)) >= 1000) {
    return `${(n / 1_000_000).toFixed(1)}M`;
  }
  if (abs >= 1000) return `${(n / 1000).toFixed(1)}K`;
  return String(n);
}

export type RelativeTimeStyle = 'long' | 'short';

const units = {
  long: { minute: 'minute', hour: 'hour', day: 'day', month: 'month', year: 'year' },
  short: { minute: 'min', hour: 'hr', day: 'day', month: 'mo', year: 'yr' },
} as const;

function plural(count: number, unit: string, style: RelativeTimeStyle): string {
  // Short forms stay singular except days ('5 min ago', '2 days ago'), as the spec writes them.
  const needsS = count !== 1 && (style === 'long' || unit === 'day');
  return `${count} ${unit}${needsS ? 's' : ''} ago`;
}

/**
 * 'Just now' under a minute, then minutes, hours, days (under 30), months (30-day units, under
 * 365 days) and years. Anything that is not a date reads 'Unknown time'.
 */
export function formatRelativeTime(
  input: string | number | Date | null | undefined,
  options: { style?: RelativeTimeStyle; now?: number } = {},
): string {
  if (input === null || input === undefined || input === '') return 'Unknown time';
  const time = input instanceof Date ? input.getTime() : new Date(input).getTime();
  if (Number.isNaN(time)) return 'Unknown time';
  const style = options.style ?? 'long';
  const unit = units[style];
  const elapsed = (options.now ?? Date.now()) - time;

  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), unit.minute, style);
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), unit.hour, style);
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return plural(days, unit.day, style);
  if (days < 365) return plural(Math.floor(days / 30), unit.month, style);
  return plural(Math.floor(days / 365), unit.year, style);
}

/** Seconds (or an already formatted 'm:ss') as minutes:seconds, seconds zero-padded. */
export function formatDuration(input: number | string | null | undefined): string {
  if (typeof input === 'string') {
    if (/^\d+:\d{2}$/.test(input.trim())) return input.trim();
    input = Number(input);
  }
  if (input === null || input === undefined || !Number.isFinite(input) || input < 0) return '0:00';
  const total = Math.floor(input);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
