/** A calendar date as people read it: 'Jun 15, 2025'. Anything that is not a date reads 'Unknown time' (core §8). */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

export function formatDate(input: string | number | Date | null | undefined): string {
  if (input === null || input === undefined || input === '') return 'Unknown time';
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return 'Unknown time';
  return dateFormat.format(date);
}
