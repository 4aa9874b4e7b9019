// Takes the manifest's install-card screenshots from the running shop (real pages, real catalogue):
//   node pwa/scripts/make-screenshots.mjs http://localhost:3000
// Writes pwa/public/screenshots/home-wide.png (1280×800) and home-narrow.png (540×960), then commit them.
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = new URL('../public/screenshots/', import.meta.url);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
for (const [name, width, height] of /** @type {Array<[string, number, number]>} */ ([
  ['home-wide', 1280, 800],
  ['home-narrow', 540, 960],
])) {
  const page = await browser.newPage({ viewport: { width, height }, reducedMotion: 'reduce' });
  await page.goto(base, { waitUntil: 'networkidle' });
  await page.locator('.category-row .product-card img').first().waitFor();
  await page.waitForTimeout(1000);
  const png = await page.screenshot();
  await sharp(png)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(new URL(`${name}.png`, out).pathname);
  await page.close();
}
await browser.close();
console.log('screenshots written to', out.pathname);
