import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { FilesService } from '../../files/files.service.js';

/** A simple product-like illustration: no internet, no fonts needed; hue and shape vary per picture. */
export function illustration(hue: number, variant: number): Buffer {
  const h2 = (hue + 40 + variant * 25) % 360;
  const shapes = [
    `<circle cx="400" cy="420" r="210" fill="hsl(${h2},70%,55%)"/>`,
    `<rect x="210" y="210" width="380" height="420" rx="48" fill="hsl(${h2},65%,50%)"/>`,
    `<polygon points="400,170 640,620 160,620" fill="hsl(${h2},70%,52%)"/>`,
    `<ellipse cx="400" cy="430" rx="260" ry="170" fill="hsl(${h2},60%,55%)"/>`,
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},80%,94%)"/><stop offset="1" stop-color="hsl(${hue},60%,82%)"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  ${shapes[variant % shapes.length]}
  <circle cx="${300 + variant * 40}" cy="330" r="46" fill="hsla(0,0%,100%,0.55)"/>
  <rect x="160" y="690" width="480" height="26" rx="13" fill="hsla(${hue},40%,30%,0.18)"/>
</svg>`;
  return Buffer.from(svg);
}

export interface SeedImageJob {
  hue: number;
  variant: number;
  prefix: string;
}

/**
 * Renders the seed's pictures through the same pipeline as uploads (WebP, two sizes), a few at a
 * time so every core works (sharp runs each image on one libuv thread). Answers the URLs in order.
 */
export async function renderSeedImages(files: FilesService, jobs: SeedImageJob[]): Promise<string[]> {
  const urls = new Array<string>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i]!;
      // Our own SVG is rasterised first: the upload pipeline refuses SVG, and seeds go through it unchanged.
      const png = await sharp(illustration(job.hue, job.variant)).png({ compressionLevel: 0 }).toBuffer();
      // A lower WebP effort: these flat illustrations barely grow, and a first start is 2–3× quicker.
      urls[i] = (await files.saveImage(png, job.prefix, { effort: 1 })).url;
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) * 2 }, worker));
  return urls;
}
