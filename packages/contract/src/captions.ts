import { z } from 'zod';
import { Id, IsoDate } from './common';

/** Limits of captions (decision 0044). */
export const captionLimits = {
  /** Bytes of one uploaded SRT or WebVTT file. */
  fileMaxBytes: 512 * 1024,
  /** Languages one video may have captions in. */
  languagesPerVideo: 20,
  /** Characters of a language's label, e.g. 'English (CC)'. */
  label: 60,
} as const;

/**
 * A BCP 47 language tag of the common shapes: a language (`en`, `pt`, `yue`), optionally a
 * script (`zh-Hant`), a region (`pt-BR`, `es-419`) and variants; cased as the tag's parts are
 * conventionally written (`pt-br` becomes `pt-BR`).
 */
export const CaptionLanguage = z
  .string()
  .trim()
  .regex(
    /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*$/i,
    'Use a language tag such as en, pt-BR or zh-Hant',
  )
  .max(35)
  .transform(normalizeLanguageTag);

/** Lower-case language, title-case script, upper-case region, lower-case variants. */
export function normalizeLanguageTag(tag: string): string {
  return tag
    .split('-')
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (/^[a-z]{4}$/i.test(part)) return part[0]!.toUpperCase() + part.slice(1).toLowerCase();
      if (/^(?:[a-z]{2}|\d{3})$/i.test(part)) return part.toUpperCase();
      return part.toLowerCase();
    })
    .join('-');
}

export const CaptionParams = z.object({ id: Id, language: CaptionLanguage });

/** The text field beside the multipart `file` (SRT or WebVTT). */
export const CaptionFields = z.object({
  label: z
    .string()
    .trim()
    .min(1, 'Label is required')
    .max(captionLimits.label, `Label must be at most ${captionLimits.label} characters`),
});
export type CaptionFields = z.infer<typeof CaptionFields>;

/** Captions of a video in one language, as WebVTT. */
export const Caption = z.object({
  language: z.string(),
  label: z.string(),
  /** The WebVTT file: a `<track kind="subtitles">` of the original. */
  url: z.string(),
  /** The HLS media playlist of the subtitles (listed in the video's master playlist). */
  playlist: z.string(),
  cues: z.number().int(),
  updatedAt: IsoDate,
});
export type Caption = z.infer<typeof Caption>;

export const CaptionList = z.object({ captions: z.array(Caption) });
export type CaptionList = z.infer<typeof CaptionList>;
