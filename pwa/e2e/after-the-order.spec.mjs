import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiLogin, screenshot, signIn } from './lib/shopper-steps.mjs';
import { expect, test, ciOnlyUnless } from './fixtures.mjs';

/**
 * After the order (docs/product.md#coupons, #tax-invoices, #returns), as a shopper meets it: a coupon at
 * checkout (the discount and the total after it shown before placing), the order placed cash on delivery
 * with it, then, once the admin has delivered it, the invoice downloaded from My Orders and a return asked
 * for. In English on a phone and in Hindi on a laptop. The admin's side is driven through the API.
 */
const SIZES = {
  'en-IN': { width: 390, height: 844 },
  'hi-IN': { width: 1366, height: 768 },
};
const WORDS = {
  'en-IN': { cod: 'Cash on Delivery', delivered: /^Delivered/, requested: 'Requested' },
  'hi-IN': { cod: 'कैश ऑन डिलीवरी', delivered: /^डिलीवर हुए/, requested: 'माँगी गई' },
};

/** @param {string} baseUrl @param {string} path @param {string} token @param {unknown} body */
async function post(baseUrl, path, token, body) {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  assert.ok(res.ok, `${path}: ${res.status} ${answer.message}`);
  return answer.data;
}

for (const language of /** @type {const} */ (['en-IN', 'hi-IN'])) {
  test(
    `coupon, invoice and return in ${language} at ${SIZES[language].width} px`,
    ciOnlyUnless(language === 'en-IN'),
    async ({ baseUrl, artifactsDir, launch }) => {
      const words = WORDS[language];
      const tag = `${language === 'en-IN' ? 'en' : 'hi'}-${SIZES[language].width}`;
      const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
      const code = `WALK-${tag.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`.slice(0, 24);
      const now = Date.now();
      await post(baseUrl, 'coupon/create', admin, {
        code,
        type: 'percent',
        value: 10,
        startsAt: new Date(now - 3_600_000).toISOString(),
        endsAt: new Date(now + 86_400_000).toISOString(),
      });
      const shopper = await apiShopper(baseUrl, `after-${tag}`);
      const product = (await inStockProducts(baseUrl, 12)).filter((p) => p.variants.length === 0)[language === 'en-IN' ? 0 : 1];
      await post(baseUrl, 'cart/create', shopper.token, { productId: product._id });

      const browser = await launch();
      const context = await browser.newContext({ locale: 'en-IN', viewport: SIZES[language] });
      const page = await context.newPage();
      // Signed in with the shared English steps, then every page opens in the journey's language.
      await signIn(page, baseUrl, shopper.email, shopper.password);
      await context.addInitScript((lang) => localStorage.setItem('haat.language', lang), language);

      // Checkout: the coupon is priced by the server before anything is placed.
      await page.goto(`${baseUrl}/checkout`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByTestId('address-option').first().getByRole('radio')).toBeChecked();
      await page.getByTestId('coupon-input').fill(code.toLowerCase());
      await page.getByTestId('coupon-apply').click();
      await expect(page.getByTestId('coupon-applied')).toContainText(code);
      const discount = Math.round(product.charged * 10) / 100;
      const rupees = (n) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      await expect(page.getByTestId('coupon-discount')).toHaveText(`−${rupees(discount)}`);
      await expect(page.getByTestId('grand-total')).toHaveText(rupees(product.charged - discount));
      await screenshot(page, artifactsDir, `after-the-order-checkout-${tag}`);
      await page.getByRole('button', { name: words.cod }).click();
      await page.waitForURL(/\/success\?order=/);
      const orderId = new URL(page.url()).searchParams.get('order');
      assert.ok(orderId);

      // The admin delivers it; the invoice is made then (cash on delivery).
      await post(baseUrl, 'order/admin/update-status', admin, { orderId, status: 'DELIVERED' });

      // My Orders: the coupon on the card, the invoice, and Return items.
      await page.goto(`${baseUrl}/dashboard/myorders`);
      await page.getByRole('tab', { name: words.delivered }).click();
      const card = page.getByTestId('order-card').filter({ hasText: orderId });
      await card.waitFor();
      await expect(card.getByTestId('order-coupon')).toContainText(code);
      const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('download-invoice').click()]);
      const pdf = join(artifactsDir, `after-the-order-invoice-${tag}.pdf`);
      await download.saveAs(pdf);
      assert.equal(readFileSync(pdf).subarray(0, 5).toString(), '%PDF-');
      const invoice = await (
        await fetch(`${baseUrl}/api/order/${orderId}/invoice`, { headers: { authorization: `Bearer ${shopper.token}`, accept: 'application/json' } })
      ).json();
      assert.match(invoice.data.number, /^HT\/\d{2}-\d{2}\/\d{6}$/);
      assert.equal(download.suggestedFilename(), `${invoice.data.number.replaceAll('/', '-')}.pdf`);
      // Read the PDF itself where poppler's pdftotext is installed (Debian's poppler-utils).
      if (existsSync('/usr/bin/pdftotext')) {
        const text = execFileSync('/usr/bin/pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
        assert.ok(text.includes(invoice.data.number), 'the PDF names its number');
        assert.ok(text.includes(code), 'the PDF names the coupon');
      }

      await card.getByTestId('return-items').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('return-quantity').first().fill('1');
      await dialog.getByTestId('return-reason').fill(language === 'en-IN' ? 'Too small' : 'साइज़ छोटा है');
      await screenshot(page, artifactsDir, `after-the-order-return-${tag}`);
      await dialog.getByTestId('return-send').click();
      await expect(dialog).toHaveCount(0);
      await expect(card.getByTestId('order-return')).toHaveAttribute('data-status', 'REQUESTED');
      await expect(card.getByTestId('return-status')).toHaveText(words.requested);
      await screenshot(page, artifactsDir, `after-the-order-card-${tag}`);

      const returns = await (await fetch(`${baseUrl}/api/order/admin/returns`, { headers: { authorization: `Bearer ${admin}` } })).json();
      assert.ok(
        returns.data.some((r) => r.orderId === orderId && r.status === 'REQUESTED'),
        'the admin sees the return',
      );
    },
  );
}
