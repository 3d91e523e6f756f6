import { open } from 'node:fs/promises';
import type { VideoProbe } from './probe';

/**
 * Whether an original upload plays as it is in current browsers (Chromium, Firefox, Safari),
 * and the type a player asks the browser about (`canPlayType`, `MediaSource.isTypeSupported`).
 * The rule (issue 22): H.264 (8-bit 4:2:0) or AV1 or VP9 with AAC, Opus or no sound in MP4,
 * the index ("moov") before the media so it starts at once; VP8, VP9 or AV1 with Opus, Vorbis
 * or no sound in WebM. Anything else (HEVC, ProRes, MPEG-2, a transport stream, a QuickTime
 * file whose index trails) waits for a first rendition made by the server.
 */
export interface BrowserPlayback {
  playable: boolean;
  /** The type the original is served as when browsers can read its container, else null. */
  mimeType: 'video/mp4' | 'video/webm' | null;
  /** RFC 6381 codecs of the original, e.g. `avc1.640028, mp4a.40.2`; null when unknown. */
  codecs: string | null;
  /** Why the original does not play, for logs and tests; null when it does. */
  reason: string | null;
}

export type BrowserPlaybackProbe = Pick<
  VideoProbe,
  | 'formatName'
  | 'videoCodec'
  | 'audioCodec'
  | 'videoProfile'
  | 'audioProfile'
  | 'videoLevel'
  | 'pixelFormat'
  | 'width'
  | 'height'
>;

const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

/** H.264 profile names as ffprobe spells them: profile_idc and constraint flags. */
const avcProfiles: Record<string, [number, number]> = {
  'Constrained Baseline': [0x42, 0xe0],
  Baseline: [0x42, 0x00],
  Main: [0x4d, 0x40],
  Extended: [0x58, 0x00],
  High: [0x64, 0x00],
  'High 10': [0x6e, 0x00],
  'High 4:2:2': [0x7a, 0x00],
  'High 4:4:4 Predictive': [0xf4, 0x00],
};
/** The H.264 profiles every browser decodes. */
const playableAvcProfiles = new Set(['Constrained Baseline', 'Baseline', 'Main', 'High']);
const eightBit420 = new Set(['yuv420p', 'yuvj420p']);

function avcCodec(probe: BrowserPlaybackProbe): string {
  const [profile, constraints] = avcProfiles[probe.videoProfile ?? ''] ?? [0x64, 0x00];
  // Level 4.0 when unknown: what a 1080p30 stream needs.
  return `avc1.${hex2(profile)}${hex2(constraints)}${hex2(probe.videoLevel ?? 40)}`.toLowerCase();
}

/** A VP9 or AV1 level from the picture size, since ffprobe does not say it for these. */
function levelForSize(probe: BrowserPlaybackProbe): { vp9: string; av1: string } {
  const pixels = probe.width * probe.height;
  if (pixels <= 1280 * 720) return { vp9: '31', av1: '05' };
  if (pixels <= 2048 * 1088) return { vp9: '41', av1: '09' };
  if (pixels <= 4096 * 2176) return { vp9: '51', av1: '13' };
  return { vp9: '61', av1: '17' };
}

function videoCodecString(probe: BrowserPlaybackProbe): string | null {
  const tenBit = /10(le|be)$/.test(probe.pixelFormat ?? '');
  switch (probe.videoCodec) {
    case 'h264':
      return avcCodec(probe);
    case 'hevc':
      return `hvc1.${probe.videoProfile === 'Main 10' ? 2 : 1}.6.L${probe.videoLevel ?? 120}.90`;
    case 'vp8':
      return 'vp8';
    case 'vp9':
      return `vp09.0${probe.videoProfile?.match(/\d/)?.[0] ?? '0'}.${levelForSize(probe).vp9}.${tenBit ? '10' : '08'}`;
    case 'av1':
      return `av01.0.${levelForSize(probe).av1}M.${tenBit ? '10' : '08'}`;
    default:
      return null;
  }
}

function audioCodecString(probe: BrowserPlaybackProbe): string | null {
  switch (probe.audioCodec) {
    case 'aac':
      if (probe.audioProfile === 'HE-AAC') return 'mp4a.40.5';
      if (probe.audioProfile === 'HE-AACv2') return 'mp4a.40.29';
      return 'mp4a.40.2';
    case 'opus':
      return 'opus';
    case 'vorbis':
      return 'vorbis';
    case 'mp3':
      return 'mp4a.6b';
    default:
      return null;
  }
}

const isMp4Family = (formatName: string) => /(^|,)(mov|mp4)(,|$)/.test(formatName);
const isWebmFamily = (formatName: string) => /(^|,)(matroska|webm)(,|$)/.test(formatName);

/**
 * Decides from the probe (and, for MP4, whether its index comes first) whether the original
 * plays in browsers. `moovFirst` is null for a container without one.
 */
export function browserPlayback(
  probe: BrowserPlaybackProbe,
  { moovFirst }: { moovFirst: boolean | null },
): BrowserPlayback {
  const video = videoCodecString(probe);
  const audio = probe.audioCodec === null ? null : audioCodecString(probe);
  const codecs =
    video === null || (probe.audioCodec !== null && audio === null)
      ? null
      : [video, audio].filter(Boolean).join(', ');
  const mp4 = isMp4Family(probe.formatName);
  const webm = isWebmFamily(probe.formatName);
  const mimeType = mp4 ? 'video/mp4' : webm ? 'video/webm' : null;
  const no = (reason: string): BrowserPlayback => ({
    playable: false,
    mimeType,
    codecs,
    reason,
  });

  if (!mp4 && !webm) return no(`the ${probe.formatName} container does not play in browsers`);
  if (mp4) {
    if (!['h264', 'vp9', 'av1'].includes(probe.videoCodec)) {
      return no(`${probe.videoCodec} video does not play in every browser`);
    }
    if (probe.audioCodec !== null && !['aac', 'opus', 'mp3'].includes(probe.audioCodec)) {
      return no(`${probe.audioCodec} sound does not play in browsers`);
    }
    if (moovFirst !== true) return no('the index (moov) comes after the media: no fast start');
  } else {
    if (!['vp8', 'vp9', 'av1'].includes(probe.videoCodec)) {
      return no(`${probe.videoCodec} video in WebM/Matroska does not play in every browser`);
    }
    if (probe.audioCodec !== null && !['opus', 'vorbis'].includes(probe.audioCodec)) {
      return no(`${probe.audioCodec} sound in WebM/Matroska does not play in browsers`);
    }
  }
  if (probe.videoCodec === 'h264') {
    if (!playableAvcProfiles.has(probe.videoProfile ?? '')) {
      return no(`H.264 ${probe.videoProfile ?? 'of an unknown profile'} does not play in browsers`);
    }
    if (!eightBit420.has(probe.pixelFormat ?? '')) {
      return no(
        `H.264 in ${probe.pixelFormat ?? 'an unknown pixel format'} does not play in browsers`,
      );
    }
  }
  if (
    probe.videoCodec === 'vp9' &&
    probe.videoProfile !== null &&
    probe.videoProfile !== 'Profile 0'
  ) {
    return no(`VP9 ${probe.videoProfile} does not play in every browser`);
  }
  if (codecs === null) return no('the codecs are unknown');
  return { playable: true, mimeType, codecs, reason: null };
}

/**
 * Whether an MP4/QuickTime file has its index ("moov" box) before its media ("mdat"): only
 * then can a browser start playing before it has read the whole file. Walks the top-level
 * boxes by their headers, reading a few bytes per box. null when it finds neither.
 */
export async function isMoovFirst(filePath: string): Promise<boolean | null> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    for (let boxes = 0; boxes < 256 && offset + 8 <= size; boxes += 1) {
      const { bytesRead } = await file.read(header, 0, 16, offset);
      if (bytesRead < 8) return null;
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat') return false;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) return null;
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        return null; // runs to the end of the file
      }
      if (boxSize < 8) return null;
      offset += boxSize;
    }
    return null;
  } finally {
    await file.close();
  }
}

/** The decision for a local file already probed. */
export async function browserPlaybackOf(
  filePath: string,
  probe: BrowserPlaybackProbe,
): Promise<BrowserPlayback> {
  const moovFirst = isMp4Family(probe.formatName) ? await isMoovFirst(filePath) : null;
  return browserPlayback(probe, { moovFirst });
}
