import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@haat/shared/files/image-variant';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';
import { imageDecodes } from './decode-gate.js';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

// Memory bounded in the process, not only in the decode gate's counters
// (docs/decisions/0038-uploaded-images.md): each decode runs on one libvips thread, and libvips
// keeps no cache of operations and their pixel buffers between uploads (an upload is never decoded
// again). What glibc keeps of freed memory is bounded by MALLOC_ARENA_MAX, set where the process
// starts (README, "Operating the shop"), as sharp's documentation advises.
sharp.concurrency(1);
sharp.cache(false);

/**
 * Checks that the bytes are a raster image by decoding them (the name and declared type are not
 * trusted; SVG is refused because it can carry script), then re-encodes to WebP in two sizes.
 * sharp drops EXIF and other metadata unless asked to keep it; rotate() applies the EXIF orientation first.
 */
export interface EncodeOptions {
  /** libwebp effort 0–6: 4 (its default) for uploads; the demo seed trades a few bytes for speed. */
  effort?: number;
}

/**
 * The most pixels an upload may decode to: 25 megapixels (a 24 MP camera's 6000×4000). A few KB of
 * PNG can declare 7000×7000 and cost ~200 MB and seconds of CPU to decode; the header says so first.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

export async function toWebpVariants(bytes: Buffer, { effort = 4 }: EncodeOptions = {}): Promise<{ small: Buffer; large: Buffer }> {
  let meta: sharp.Metadata | undefined;
  try {
    // Reading the header decodes no pixels, so no bound here: the size is judged just below.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    meta = undefined;
  }
  if (!meta?.format || !ACCEPTED.has(meta.format)) {
    throw new AppError(415, ErrorCode.NotAnImage, 'file: must be an image (JPEG, PNG, WebP, GIF or AVIF); SVG and other files are refused.', {
      fields: ['file'],
    });
  }
  // The header is read without decoding; refuse before a single pixel is.
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError(
      413,
      ErrorCode.ImageTooLarge,
      `file: the image is ${width}×${height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (e.g. 6000×4000) are accepted. Please resize it and try again.`,
      { fields: ['file'] },
    );
  }
  // Each size decodes the image once: every decode waits for a slot of the process's gate, so
  // parallel uploads queue instead of holding ~100 MB each at once.
  const resize = (width: number) =>
    imageDecodes.run(() =>
      // Read top to bottom once (resizing and encoding need no random access), so libvips streams the
      // pixels through in strips instead of holding the whole decoded image.
      sharp(bytes, { animated: false, limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
        .rotate()
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, effort })
        .toBuffer(),
    );
  const [small, large] = await Promise.all([resize(IMAGE_WIDTHS.small), resize(IMAGE_WIDTHS.large)]);
  return { small, large };
}
