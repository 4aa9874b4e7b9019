import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { seriousViolations } from './lib/axe.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { openSignedIn } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

const HEADER = 'sku,product_sku,name,category,subcategory,brand,unit,option,price,discount,stock,stock_exported,hsn,gst_rate,description,pictures';
/** Where the screens are kept to be looked at (390 and 1366 px, English and Hindi). */
const SHOTS = process.env.IMPORT_SHOTS_DIR;

const csvFile = (...rows) => ({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].join('\n')) });

/** docs/product.md#catalogue-in-bulk: a file with good and bad rows checked, fixed, applied, imported again, exported back. */
test('catalog-import', async ({ baseUrl, launch }) => {
  const categories = await (await fetch(`${baseUrl}/api/category/get`)).json();
  const category = categories.data[0].name;
  const tag = Date.now().toString(36).toUpperCase();
  const good = `JRN-ATTA-${tag},,Journey atta ${tag},${category},,Haat,5 kg,,249,5,40,,1101,5,Stone ground,`;
  const option = `JRN-ATTA-${tag}-10,JRN-ATTA-${tag},,,,,,10 kg,479,,15,,,,,`;
  const badPrice = `JRN-OIL-${tag},,Journey oil ${tag},${category},,,1 l,,189.999,,10,,1514,7,,`;
  const fixed = `JRN-OIL-${tag},,Journey oil ${tag},${category},,,1 l,,189.99,,10,,1514,5,,`;

  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce', acceptDownloads: true });
  const page = await context.newPage();
  await openSignedIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/catalog-import');
  await page.getByRole('heading', { name: 'Import and export products' }).waitFor();
  assert.equal(await page.title(), 'Import and export products | Haat');

  // 1. The dry run names each bad cell by row and column, and saves nothing.
  await page.getByTestId('catalog-import-file').setInputFiles(csvFile(good, option, badPrice));
  await page.getByTestId('catalog-import-check').click();
  const errors = page.getByTestId('catalog-import-errors');
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors.getByRole('row').nth(1)).toContainText(['4', 'price', 'must be in whole paise (at most two decimals)'].join(''));
  await expect(errors.getByRole('row').nth(2)).toContainText(['4', 'gst_rate', 'must be a GST rate in force today (0, 0.25, 1.5, 3, 5, 18, 28, 40)'].join(''));
  await expect(page.getByTestId('catalog-import-creates')).toContainText('2');
  assert.deepEqual(await seriousViolations(page), [], '/dashboard/catalog-import with errors');
  await shots(page, 'errors-en');

  // 2. Fixed, checked again: every row can be applied; applied, its progress comes back after a reload.
  await page.getByTestId('catalog-import-file').setInputFiles(csvFile(good, option, fixed));
  await page.getByTestId('catalog-import-check').click();
  await expect(page.getByTestId('catalog-import-creates')).toContainText('3');
  await expect(page.getByTestId('catalog-import-errors')).toHaveCount(0);
  await page.getByTestId('catalog-import-apply').click();
  await page.waitForURL(/\/dashboard\/catalog-import\?job=/);
  await page.reload();
  const job = page.getByTestId('catalog-import-job');
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(job.getByText('3 of 3 rows')).toBeVisible();
  await expect(job.getByTestId('catalog-import-creates')).toContainText('3');
  await shots(page, 'done-en');

  // 3. The same file again changes nothing.
  await page.getByTestId('catalog-import-file').setInputFiles(csvFile(good, option, fixed));
  await page.getByTestId('catalog-import-check').click();
  await expect(page.getByTestId('catalog-import-report').getByTestId('catalog-import-unchanged')).toContainText('3');
  await expect(page.getByTestId('catalog-import-apply')).toBeDisabled();

  // 4. Exported back: the products are in the file, with the figures imported.
  const downloaded = page.waitForEvent('download');
  await page.getByTestId('catalog-export-csv').click();
  // Streamed to disk by the browser through a signed link (docs/decisions/0330-books-downloads.md), not held by a script.
  assert.match((await downloaded).url(), /\/api\/admin\/catalog\/export\?format=csv&by=\w+&expires=\d+&signature=/);
  const exported = readFileSync(await (await downloaded).path(), 'utf8');
  assert.match(exported, new RegExp(`^JRN-ATTA-${tag},,Journey atta ${tag},`, 'm'));
  assert.match(exported, new RegExp(`^JRN-ATTA-${tag}-10,JRN-ATTA-${tag},,,,,,10 kg,479,,15,15,`, 'm'));
  assert.match(exported, new RegExp(`^JRN-OIL-${tag},.*,189\\.99,`, 'm'));

  // 5. The same screen in Hindi, on a phone too.
  await page.getByTestId('catalog-import-file').setInputFiles(csvFile(good, option, badPrice));
  await page.evaluate(() => localStorage.setItem('haat.language', 'hi-IN'));
  await page.reload();
  await page.getByRole('heading', { name: 'प्रोडक्ट इम्पोर्ट और एक्सपोर्ट' }).waitFor();
  await page.getByTestId('catalog-import-file').setInputFiles(csvFile(good, option, badPrice));
  await page.getByTestId('catalog-import-check').click();
  await expect(page.getByTestId('catalog-import-errors').getByRole('row').nth(1)).toContainText('पैसे');
  assert.deepEqual(await seriousViolations(page), [], '/dashboard/catalog-import in Hindi');
  await shots(page, 'errors-hi');
  await page.setViewportSize({ width: 390, height: 844 });
  await shots(page, 'errors-hi');
  await page.evaluate(() => localStorage.setItem('haat.language', 'en-IN'));
  await page.reload();
  await page.getByTestId('catalog-import-file').setInputFiles(csvFile(good, option, badPrice));
  await page.getByTestId('catalog-import-check').click();
  await page.getByTestId('catalog-import-errors').waitFor();
  await shots(page, 'errors-en');
  await context.close();
});

/** A full-page shot at the page's current width, when IMPORT_SHOTS_DIR asks for them. */
async function shots(page, name) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize().width}.png`, fullPage: true });
}
