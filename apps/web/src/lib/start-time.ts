/**
 * Where a shared link asks the video to start (`?t=`): `90`, `90s`, `1m30s`, `1h2m3s` or
 * `1:30` / `1:02:03`. Null for anything else, for 0, and for a time not inside the video (when
 * its length is known), which then plays from the start.
 */
export function parseStartTime(value: string | null, duration: number): number | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  let seconds: number | null = null;
  const units = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(text);
  if (units && text !== '') {
    const [, h = '0', m = '0', s = '0'] = units;
    seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  } else {
    const clock = /^(?:(\d{1,3}):)?(\d{1,3}):([0-5]\d)$/.exec(text);
    if (clock) {
      const [, h = '0', m, s] = clock;
      seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
    }
  }
  if (seconds === null || seconds <= 0) return null;
  if (Number.isFinite(duration) && duration > 0 && seconds >= duration) return null;
  return seconds;
}
