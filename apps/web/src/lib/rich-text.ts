import { limits } from '@kinora/contract';

/**
 * What people write (descriptions, comments, tweets, chat) is plain text. These are the pieces a
 * screen makes live in it: web addresses, @usernames and, under a video, times that seek the
 * player. Everything else stays text, so no HTML or script in it is ever interpreted.
 */
export type RichTextPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'time'; text: string; seconds: number };

export interface RichTextOptions {
  /** `mm:ss` and `h:mm:ss` become times (a video's description and comments). */
  times?: boolean;
}

/**
 * An address written with its scheme (http and https only: never `javascript:` or `data:`) or
 * starting `www.`. It ends at white space or at characters no address holds unencoded.
 */
const linkSource = String.raw`\b(?:https?:\/\/|www\.)[^\s<>"'\u0000-\u001f\u007f]+`;
/** `@name` after the start or a character that cannot be part of an address or a name. */
const mentionSource = String.raw`(?<![\w.@/])@([a-zA-Z0-9_.]{${limits.username.min},${limits.username.max}})`;
/** `h:mm:ss` or `m:ss` / `mm:ss`, standing alone: not glued to letters, digits or more colons. */
const timeSource = String.raw`(?<![\w:])(?:(\d{1,2}):([0-5]\d)|(\d{1,3})):([0-5]\d)(?!\w|:\d)`;

/** Punctuation that ends a sentence rather than an address ("see https://x.org/a."). */
const trailingPunctuation = /[.,;:!?'"*]+$/;

/** Drops a closing bracket the address does not open ("(see https://x.org/a)"). */
function trimAddress(raw: string): string {
  let text = raw.replace(trailingPunctuation, '');
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (;;) {
    const last = text.at(-1);
    const opening = last ? pairs[last] : undefined;
    if (!opening) break;
    const opened = text.split(opening).length - 1;
    const closed = text.split(last!).length - 1;
    if (closed <= opened) break;
    text = text.slice(0, -1).replace(trailingPunctuation, '');
  }
  return text;
}

/** The address a link opens, or null when it is not a web address after all. */
function hrefOf(text: string): string | null {
  const candidate = /^www\./i.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * The time a line starts with (`0:00 Intro`, `1:02:03 - Demo`) and the rest of the line, or
 * null when it does not start with one.
 */
export function leadingTime(line: string): { seconds: number; rest: string } | null {
  const match = new RegExp(`^\\s*${timeSource}`).exec(line);
  if (!match) return null;
  return { seconds: secondsOf(match), rest: line.slice(match[0].length) };
}

function secondsOf(match: RegExpExecArray): number {
  const [, hours, minutesAfterHours, minutesAlone, seconds] = match;
  const h = hours === undefined ? 0 : Number(hours);
  const m = Number(minutesAfterHours ?? minutesAlone);
  return h * 3600 + m * 60 + Number(seconds);
}

/** Splits `text` into plain text and live parts, in order; joined, the parts give the text. */
export function parseRichText(text: string, options: RichTextOptions = {}): RichTextPart[] {
  const sources = [linkSource, mentionSource, ...(options.times ? [timeSource] : [])];
  const pattern = new RegExp(sources.map((source) => `(${source})`).join('|'), 'g');
  const parts: RichTextPart[] = [];
  let plain = '';
  let at = 0;
  const flush = () => {
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
  };

  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    plain += text.slice(at, match.index);
    const [whole, link, mention, mentioned, time] = match;
    let consumed = whole;
    if (link !== undefined) {
      consumed = trimAddress(link);
      const href = hrefOf(consumed);
      if (href) {
        flush();
        parts.push({ kind: 'link', text: consumed, href });
      } else {
        plain += consumed;
      }
    } else if (mention !== undefined && mentioned !== undefined) {
      // A name ends before a dot that closes the sentence ("thanks @ada.").
      const username = mentioned.replace(/\.+$/, '');
      consumed = `@${username}`;
      if (username.length >= limits.username.min) {
        flush();
        parts.push({ kind: 'mention', text: consumed, username: username.toLowerCase() });
      } else {
        plain += consumed;
      }
    } else if (time !== undefined) {
      const timeMatch = new RegExp(timeSource).exec(time);
      flush();
      parts.push({ kind: 'time', text: time, seconds: timeMatch ? secondsOf(timeMatch) : 0 });
    }
    at = match.index + consumed.length;
    pattern.lastIndex = at;
  }
  plain += text.slice(at);
  flush();
  return parts;
}
