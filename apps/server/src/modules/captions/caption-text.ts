/**
 * SRT and WebVTT in, checked WebVTT out (decision 0044). Small on purpose: timing is checked
 * (every cue starts before it ends, in order), cue settings WebVTT knows are kept, and cue text
 * keeps WebVTT's own tags alone; any other markup (HTML, SRT's `<font>`, ASS `{\an8}`) is
 * stripped, a `<script>` or `<style>` with its content, and stray `<` `&` are escaped. What is
 * refused is told with its line number.
 */

export class CaptionFileError extends Error {}

export interface CaptionCue {
  id: string | null;
  /** Seconds. */
  start: number;
  end: number;
  settings: string;
  text: string;
}

export interface ParsedCaptions {
  format: 'srt' | 'vtt';
  cues: CaptionCue[];
  /** `REGION` definition blocks of a WebVTT file, kept as they were (validated). */
  regions: string[];
}

const vttTime = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const srtTime = /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{3})$/;

function secondsOf(text: string, format: 'srt' | 'vtt'): number | null {
  const match = (format === 'vtt' ? vttTime : srtTime).exec(text);
  if (!match) return null;
  const [, h = '0', m = '0', s = '0', ms = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

/** `HH:MM:SS.mmm`, as written into every stored file. */
export function formatTimestamp(seconds: number): string {
  const totalMs = Math.round(seconds * 1000);
  const ms = totalMs % 1000;
  const totalSeconds = (totalMs - ms) / 1000;
  const s = totalSeconds % 60;
  const m = Math.floor(totalSeconds / 60) % 60;
  const h = Math.floor(totalSeconds / 3600);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}.${String(ms).padStart(3, '0')}`;
}

const settingRules: Record<string, RegExp> = {
  vertical: /^(?:rl|lr)$/,
  line: /^(?:-?\d+|\d+(?:\.\d+)?%)(?:,(?:start|center|end))?$/,
  position: /^\d+(?:\.\d+)?%(?:,(?:line-left|center|line-right))?$/,
  size: /^\d+(?:\.\d+)?%$/,
  align: /^(?:start|center|end|left|right)$/,
  region: /^[^\s>-]+$/,
};

/** The cue settings WebVTT defines, each once; anything else is dropped. */
function cleanSettings(text: string): string {
  const kept = new Map<string, string>();
  for (const token of text.split(/[ \t]+/)) {
    const colon = token.indexOf(':');
    if (colon <= 0) continue;
    const name = token.slice(0, colon);
    const value = token.slice(colon + 1);
    const rule = settingRules[name];
    if (rule?.test(value)) kept.set(name, value);
  }
  return [...kept].map(([name, value]) => `${name}:${value}`).join(' ');
}

const knownEntities = /^&(?:amp|lt|gt|lrm|rlm|nbsp|quot|apos|#\d{1,7}|#x[\da-f]{1,6});/i;
const timestampTag = /^<(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}>$/;
/** WebVTT's own cue tags: open (with classes, and an annotation for v and lang) or close. */
const cueTag = /^<(\/?)(b|i|u|c|v|lang|ruby|rt)((?:\.[\w-]+)*)(?:[ \t]+([^<>]*))?>$/i;
const dropsContent = /^<(script|style)\b[^>]*>/i;

/** Cue text with WebVTT's tags alone; every other tag goes, its text stays. */
export function sanitizeCueText(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '<') {
      const close = text.indexOf('>', i);
      const next = text.indexOf('<', i + 1);
      if (close === -1 || (next !== -1 && next < close)) {
        out += '&lt;';
        i += 1;
        continue;
      }
      const tag = text.slice(i, close + 1);
      const dropped = dropsContent.exec(tag);
      if (dropped) {
        const end = text.toLowerCase().indexOf(`</${dropped[1]!.toLowerCase()}`, close);
        const endClose = end === -1 ? -1 : text.indexOf('>', end);
        i = endClose === -1 ? text.length : endClose + 1;
        continue;
      }
      if (timestampTag.test(tag)) {
        out += tag;
      } else {
        const cue = cueTag.exec(tag);
        if (cue) {
          const [, slash = '', name = '', classes = '', annotation] = cue;
          const lower = name.toLowerCase();
          if (slash) out += `</${lower}>`;
          else {
            const note =
              annotation && (lower === 'v' || lower === 'lang')
                ? ` ${annotation.trim().replace(/&(?![a-z#\d]+;)/gi, '&amp;')}`
                : '';
            out += `<${lower}${classes}${note}>`;
          }
        } else if (!/^<\/?[a-z!?]/i.test(tag)) {
          // Not a tag at all ('a < b > c'): the brackets are text.
          out += '&lt;';
          i += 1;
          continue;
        }
      }
      i = close + 1;
    } else if (char === '&') {
      const entity = knownEntities.exec(text.slice(i, i + 12));
      out += entity ? entity[0] : '&amp;';
      i += entity ? entity[0].length : 1;
    } else if (char === '{' && text[i + 1] === '\\') {
      // An ASS override such as {\an8} or {\i1} (common in SRT files): not WebVTT, dropped.
      const close = text.indexOf('}', i);
      if (close === -1) {
        out += char;
        i += 1;
      } else i = close + 1;
    } else if (char === '>') {
      out += '&gt;';
      i += 1;
    } else {
      out += char;
      i += 1;
    }
  }
  return out
    .split('\n')
    .map((line) => line.replace(/-->/g, '--&gt;').trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** The file's text: UTF-8 (a BOM allowed), with no NUL, line ends made `\n`. */
export function decodeCaptionFile(data: Buffer): string {
  if (data.includes(0)) {
    throw new CaptionFileError('The file is not a text file (it holds NUL bytes)');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new CaptionFileError('The file is not UTF-8 text; save it as UTF-8 and try again');
  }
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // Control characters other than tab and line ends do not occur in text files.
  if (holdsControlCharacters(text)) {
    throw new CaptionFileError('The file is not a text file (it holds control characters)');
  }
  if (text.trim() === '') throw new CaptionFileError('The file is empty');
  return text;
}

function holdsControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10) || code === 127) return true;
  }
  return false;
}

interface Block {
  /** Line number (from 1) of the block's first line. */
  line: number;
  lines: string[];
}

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') {
      current = null;
      return;
    }
    if (!current) {
      current = { line: index + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(raw);
  });
  return blocks;
}

/** Parses an SRT or WebVTT file (told apart by the `WEBVTT` signature). */
export function parseCaptions(data: Buffer): ParsedCaptions {
  const text = decodeCaptionFile(data);
  const format: 'srt' | 'vtt' = /^WEBVTT(?:[ \t\n]|$)/.test(text) ? 'vtt' : 'srt';
  const blocks = blocksOf(text);
  if (format === 'vtt') blocks.shift(); // the header: WEBVTT and its optional text
  const cues: CaptionCue[] = [];
  const regions: string[] = [];
  for (const block of blocks) {
    const [first = ''] = block.lines;
    if (format === 'vtt' && /^(?:NOTE|STYLE)(?:[ \t]|$)/.test(first)) continue;
    if (format === 'vtt' && /^REGION(?:[ \t]|$)/.test(first)) {
      const settings = block.lines.slice(1).join(' ').trim();
      if (/^(?:[\w-]+:[^\s<>]+(?:[ \t]+|$))*$/.test(settings) && cues.length === 0) {
        regions.push(['REGION', ...block.lines.slice(1).map((l) => l.trim())].join('\n'));
      }
      continue;
    }
    let timingIndex = block.lines.findIndex((l) => l.includes('-->'));
    const previousCue = cues.at(-1);
    if (timingIndex === -1 && format === 'srt' && previousCue) {
      // An SRT cue whose text holds an empty line: the rest belongs to it.
      const more = sanitizeCueText(block.lines.join('\n'));
      if (more) previousCue.text = `${previousCue.text}\n${more}`;
      continue;
    }
    if (timingIndex === -1 || timingIndex > 1) {
      throw new CaptionFileError(
        `Line ${block.line}: expected a cue timing such as 00:00:01.000 --> 00:00:04.000`,
      );
    }
    const id = timingIndex === 1 ? block.lines[0]!.trim() : null;
    const timingLine = block.lines[timingIndex]!;
    const lineNumber = block.line + timingIndex;
    const timing = /^[ \t]*(\S+)[ \t]+-->[ \t]+(\S+)(.*)$/.exec(timingLine);
    const start = timing ? secondsOf(timing[1]!, format) : null;
    const end = timing ? secondsOf(timing[2]!, format) : null;
    if (start === null || end === null) {
      const shape = format === 'vtt' ? 'HH:MM:SS.mmm' : 'HH:MM:SS,mmm';
      throw new CaptionFileError(
        `Line ${lineNumber}: the cue timing "${timingLine.trim().slice(0, 60)}" is not ${shape} --> ${shape}`,
      );
    }
    if (!(start < end)) {
      throw new CaptionFileError(
        `Line ${lineNumber}: the cue ends before it starts (${formatTimestamp(start)} --> ${formatTimestamp(end)})`,
      );
    }
    const previous = cues.at(-1);
    if (previous && start < previous.start) {
      throw new CaptionFileError(
        `Line ${lineNumber}: the cue starts at ${formatTimestamp(start)}, before the cue above it (${formatTimestamp(previous.start)}); cues must be in time order`,
      );
    }
    timingIndex += 1;
    const cueText = sanitizeCueText(block.lines.slice(timingIndex).join('\n'));
    if (cueText === '') continue;
    cues.push({
      id: format === 'vtt' && id ? id.replace(/-->/g, '').slice(0, 100) || null : null,
      start,
      end,
      settings: format === 'vtt' ? cleanSettings(timing![3]!.trim()) : '',
      text: cueText,
    });
  }
  if (cues.length === 0) throw new CaptionFileError('The file has no cues');
  return { format, cues, regions };
}

/** The stored WebVTT file. */
export function toWebVtt(parsed: Pick<ParsedCaptions, 'cues' | 'regions'>): string {
  const parts = ['WEBVTT', ...parsed.regions];
  for (const cue of parsed.cues) {
    const timing = `${formatTimestamp(cue.start)} --> ${formatTimestamp(cue.end)}`;
    parts.push(
      [
        ...(cue.id ? [cue.id] : []),
        cue.settings ? `${timing} ${cue.settings}` : timing,
        cue.text,
      ].join('\n'),
    );
  }
  return `${parts.join('\n\n')}\n`;
}
