import { z } from 'zod';

/**
 * `GET /api/v1/oembed?url=…` (oEmbed 1.0, https://oembed.com): what a site that embeds a
 * Kinora link asks. Its answer is the bare oEmbed object, not the API's envelope, as oEmbed
 * readers expect; its failures are the envelope's (404 for a link that is not a public video,
 * 501 for a format other than JSON).
 */
export const OEmbedQuery = z.object({
  url: z.string({ message: 'url is required' }).trim().min(1, 'url is required').max(2000),
  format: z.string().max(10).optional(),
  maxwidth: z.coerce.number().int().min(100).max(4096).optional(),
  maxheight: z.coerce.number().int().min(100).max(4096).optional(),
});
export type OEmbedQuery = z.infer<typeof OEmbedQuery>;

export const OEmbedVideo = z.object({
  version: z.literal('1.0'),
  type: z.literal('video'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  thumbnail_url: z.string().optional(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type OEmbedVideo = z.infer<typeof OEmbedVideo>;
