import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@haat/shared/files/image-variant';
import type { FilesService } from '../files/index.js';
import { productPicture, type PictureSpec } from './product-picture.js';

/**
 * The pictures are drawn at 800 px: the large size an 800 px upload gets (uploads are never enlarged),
 * and 2.3× cheaper to encode than 1200 px, which keeps a 5,000-product first start within its budget.
 */
export const SEED_PICTURE_WIDTH = 800;

/**
 * Renders the seed's pictures straight from SVG to WebP in both sizes (our own SVG never goes through
 * the upload check, which refuses SVG), several at a time so every core works (sharp runs each image on
 * one libuv thread). libwebp's fastest method: these flat drawings barely grow with it. Answers the URLs in order.
 */
export async function renderSeedImages(files: FilesService, jobs: PictureSpec[], prefix = 'p'): Promise<string[]> {
  const urls = new Array<string>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const svg = Buffer.from(productPicture(jobs[i]!));
      const encode = (width: number) =>
        sharp(svg, { density: (72 * width) / 800 })
          .removeAlpha()
          .webp({ quality: 78, effort: 0 })
          .toBuffer();
      const [small, large] = await Promise.all([encode(IMAGE_WIDTHS.small), encode(SEED_PICTURE_WIDTH)]);
      urls[i] = (await files.saveWebpVariants({ small, large }, prefix)).url;
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) * 2 }, worker));
  return urls;
}
