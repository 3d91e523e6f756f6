import sharp from 'sharp';
import { imageSizes } from '@kinora/contract';
import { unsupportedMedia } from '../http/errors';

export type ImagePurpose = 'avatar' | 'cover' | 'thumbnail';

const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** Refuses decompression bombs before decoding them. */
const maxInputPixels = 40_000_000;

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  format: 'webp';
  contentType: 'image/webp';
}

/**
 * Checks that the bytes really are an image (by content, not by the name or the declared
 * type), then re-encodes them: metadata is stripped and the size fits its purpose.
 */
export async function processImage(
  input: Buffer,
  purpose: ImagePurpose,
  field: string,
): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
    format = meta.format;
  } catch {
    format = undefined;
  }
  if (!format || !acceptedFormats.has(format)) {
    throw unsupportedMedia('The file is not a supported image (JPEG, PNG, WebP, GIF, AVIF)', field);
  }
  const pipeline = sharp(input, { limitInputPixels: maxInputPixels, animated: false }).rotate();
  const resized =
    purpose === 'avatar'
      ? pipeline.resize(imageSizes.avatar, imageSizes.avatar, {
          fit: 'cover',
          position: 'attention',
        })
      : pipeline.resize(imageSizes.cover.width, imageSizes.cover.height, {
          fit: 'inside',
          withoutEnlargement: true,
        });
  try {
    const { data, info } = await resized
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      width: info.width,
      height: info.height,
      format: 'webp',
      contentType: 'image/webp',
    };
  } catch {
    throw unsupportedMedia('The image could not be read; it may be damaged', field);
  }
}
