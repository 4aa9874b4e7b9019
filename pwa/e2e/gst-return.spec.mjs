import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { formatInr } from '../../shared/dist/money/inr.js';
import { seriousViolations } from './lib/axe.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiOrder, apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiGet, apiLogin, openSignedIn, screenshot } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/** Today and this month on India's calendar. */
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const month = today.slice(0, 7);

/**
 * The month-end GST screen at /dashboard/gst (docs/product.md#gst-return): a business buyer's order delivered today
 * is invoiced; the admin picks this month, sees the B2B table's taxable value as the API sums it, opens the table to
 * find the invoice, and downloads the portal's JSON with it. Then the orders export on the orders table. English and
 * Hindi, at 1366 and 390 px.
 */
test('gst-return', async ({ baseUrl, artifactsDir, launch }) => {
  const [product] = await inStockProducts(baseUrl, 1);
  const buyer = await apiShopper(
    baseUrl,
    'gst-buyer',
    { name: 'Mumbai Traders LLP', district: 'Mumbai', city: 'Mumbai', state: 'Maharashtra', pincode: '400001', gstin: '27AAPFU0939F1ZV' },
    { name: 'Mumbai Traders LLP' },
  );
  const placed = await apiOrder(baseUrl, buyer, [[product, 2]]);
  const adminToken = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const delivered = await fetch(`${baseUrl}/api/order/admin/update-status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ orderId: placed.orderId, status: 'DELIVERED' }),
  });
  assert.equal(delivered.status, 200);
  const invoiceAnswer = await fetch(`${baseUrl}/api/order/${placed.orderId}/invoice`, {
    headers: { authorization: `Bearer ${adminToken}`, accept: 'application/json' },
  });
  const invoice = (await invoiceAnswer.json()).data;
  const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const expected = (await apiGet(baseUrl, `admin/gst/gstr1/overview?from=${month}-01&to=${lastDay}`, adminToken)).data;
  const b2b = expected.tables.find((/** @type {{ table: string }} */ x) => x.table === 'b2b');
  assert.ok(
    b2b.documents.some((/** @type {{ number: string }} */ d) => d.number === invoice.number),
    'the API puts the invoice in B2B',
  );

  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await openSignedIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/gst');
  await page.getByRole('heading', { name: 'GST return (GSTR-1)' }).waitFor();
  await page.getByLabel('Month').fill(month);
  const row = page.locator('[data-testid="gst-table-row"][data-table="b2b"]');
  // The screen's figure is the server's: compared with the API's answer of a moment ago.
  await expect(row.getByTestId('gst-txval')).toHaveText(formatInr(b2b.txval));
  await expect(row.getByTestId('gst-iamt')).toHaveText(formatInr(b2b.iamt));
  await row.getByRole('button').click();
  await expect(row.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('gst-document').filter({ hasText: invoice.number }).getByText('GSTIN 27AAPFU0939F1ZV').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'no serious accessibility violations');
  await screenshot(page, artifactsDir, 'gst-return-1366');

  // The nil table (0 % sales) is among the tables, with a value and no tax.
  await expect(page.locator('[data-testid="gst-table-row"][data-table="nil"]').getByTestId('gst-iamt')).toHaveText('—');

  // The portal's JSON, as downloaded: the invoice under its buyer's GSTIN. The browser follows a link signed for this
  // admin and streams the file to disk (docs/decisions/0330-books-downloads.md).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('gst-download-json').click()]);
  // Named as the server names it (its content-disposition wins over the link's name): with the return's period, MMYYYY.
  assert.equal(download.suggestedFilename(), `GSTR1-${month.slice(5, 7)}${month.slice(0, 4)}-${month}-01-${lastDay}.json`);
  assert.match(download.url(), new RegExp(`/api/admin/gst/gstr1\\?from=${month}-01&to=${lastDay}&format=json&by=\\w+&expires=\\d+&signature=`));
  const json = JSON.parse(await readFile(/** @type {string} */ (await download.path()), 'utf8'));
  const ours = json.b2b.find((/** @type {{ ctin: string }} */ b) => b.ctin === '27AAPFU0939F1ZV');
  assert.ok(
    ours.inv.some((/** @type {{ inum: string }} */ i) => i.inum === invoice.number),
    'the JSON has the invoice',
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, artifactsDir, 'gst-return-390');

  // In Hindi: the same figures, the screen's words in Hindi.
  await page.evaluate(() => localStorage.setItem('haat.language', 'hi-IN'));
  await page.goto(`${baseUrl}/dashboard/gst`);
  await page.getByRole('heading', { name: 'जीएसटी रिटर्न (GSTR-1)' }).waitFor();
  await page.getByLabel('महीना').fill(month);
  await expect(row.getByTestId('gst-txval')).toHaveText(formatInr(b2b.txval));
  await row.getByRole('button').click();
  await screenshot(page, artifactsDir, 'gst-return-hi-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, artifactsDir, 'gst-return-hi-1366');
  assert.deepEqual(await seriousViolations(page), [], 'no serious accessibility violations in Hindi');

  // The orders of today, exported from the orders table as CSV: the order's line is there.
  await page.evaluate(() => localStorage.setItem('haat.language', 'en-IN'));
  await page.goto(`${baseUrl}/dashboard/allorders`);
  const exporter = page.getByTestId('export-orders');
  await exporter.getByLabel('From').fill(today);
  await exporter.getByLabel('To').fill(today);
  await screenshot(page, artifactsDir, 'orders-export-1366');
  const [csv] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: 'CSV' }).click()]);
  assert.match(csv.url(), /\/api\/admin\/orders\/export\?.*&signature=/, 'streamed through a signed link');
  const text = await readFile(/** @type {string} */ (await csv.path()), 'utf8');
  assert.match(text, new RegExp(`^${placed.orderId},`, 'm'), 'the order is in the export');
  await context.close();
});
