import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@haat/shared/files/image-variant';
import { AppError } from '../common/app-error.js';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Checks that the bytes are a raster image by decoding them (the name and declared type are not
 * trusted; SVG is refused because it can carry script), then re-encodes to WebP in two sizes.
 * sharp drops EXIF and other metadata unless asked to keep it; rotate() applies the EXIF orientation first.
 */
export interface EncodeOptions {
  /** libwebp effort 0–6: 4 (its default) for uploads; the demo seed trades a few bytes for speed. */
  effort?: number;
}

export async function toWebpVariants(bytes: Buffer, { effort = 4 }: EncodeOptions = {}): Promise<{ small: Buffer; large: Buffer }> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) {
    throw new AppError(415, 'NOT_AN_IMAGE', 'file: must be an image (JPEG, PNG, WebP, GIF or AVIF); SVG and other files are refused.', { fields: ['file'] });
  }
  const resize = (width: number) =>
    sharp(bytes, { animated: false })
      .rotate()
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort })
      .toBuffer();
  const [small, large] = await Promise.all([resize(IMAGE_WIDTHS.small), resize(IMAGE_WIDTHS.large)]);
  return { small, large };
}
