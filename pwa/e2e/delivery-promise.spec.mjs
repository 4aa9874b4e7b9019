import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deliveryDateAfter, deliveryDaysRange, deliveryDaysTo } from '@haat/shared/addresses/delivery-zones';
import { apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { addFromHome, apiGet, openInApp, screenshot, signIn } from './lib/shopper-steps.mjs';
import { expect, test, ciOnlyUnless } from './fixtures.mjs';

/**
 * One delivery promise from one rule (docs/product.md#delivery), in English and Hindi at 390 and 1366 px: the header
 * promises the rule's range, then the shopper's own date; at checkout an address at 744101 (South Andaman) is refused
 * in the form, by the device's rule and, with a state typed by hand, by the server's; the saved address's expected
 * date shows before placing; the order card shows it after.
 */
const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'));
const CHENNAI = { district: 'Chennai', city: 'Chennai', state: 'Tamil Nadu', pincode: '600001' };
const { fastest, slowest } = deliveryDaysRange();

/**
 * Each language on one shopper's device: at 1366 px, where the header promises the rule's range until a place is
 * known, then at 390 px (the header's promise hidden) for a second order.
 */
for (const lang of ['en-IN', 'hi-IN']) {
  test(`delivery promise ${lang} at 1366 and 390 px`, ciOnlyUnless(lang === 'en-IN'), async ({ baseUrl, artifactsDir, launch }) => {
    const common = texts(lang, 'common');
    const profile = texts(lang, 'profile');
    const checkout = texts(lang, 'checkout');
    const shopper = await apiShopper(baseUrl, `delivery-${lang}`, CHENNAI);
    const browser = await launch();
    const context = await browser.newContext({ locale: 'en-IN', viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();

    // Sign in and fill the cart in English, then read every screen in the shopper's language.
    await signIn(page, baseUrl, shopper.email, shopper.password);
    await addFromHome(page, baseUrl, 1);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), ['haat.language', lang]);
    for (const width of [1366, 390]) {
      const shot = (name) => `delivery-${lang}-${width}-${name}`;
      if (width === 390) {
        // The second order's line, put in the cart on the server: the device reads it at its next start.
        await page.setViewportSize({ width, height: 844 });
        const [product] = await inStockProducts(baseUrl, 1);
        await apiPost(baseUrl, 'cart/create', shopper.token, { productId: product._id });
      }
      await page.goto(`${baseUrl}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // The header (hidden on phones) promises the rule's range until a place is known.
      const promise = page.getByTestId('header-promise');
      if (width > 390) await expect(promise).toHaveText(fill(common.header.tagline, { fastest, slowest }));

      await openInApp(page, '/checkout');
      // The only saved address is chosen at once, and its expected date shows before anything is placed.
      const expected = page.getByTestId('checkout-promise');
      const days = deliveryDaysTo(CHENNAI);
      assert.equal(days, 3);
      const dateWords = (day) =>
        page.evaluate(
          ([d, l]) => new Intl.DateTimeFormat(l, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)),
          [day, lang],
        );
      const date = await dateWords(deliveryDateAfter(days, new Date()));
      await expect(expected).toHaveText(fill(texts(lang, 'promise').by, { date }));
      // …and the header now promises that place's own date.
      if (width > 390) await expect(promise).toHaveText(fill(common.delivery.headerBy, { pincode: '600001', date }));
      await screenshot(page, artifactsDir, shot('checkout'));

      // A new address at 744101: the form names the place and refuses it before sending.
      await page.getByRole('button', { name: checkout.address.add }).click();
      const dialog = page.getByRole('dialog');
      const field = (name) => dialog.getByLabel(profile.address.field[name], { exact: true });
      await field('name').fill('Asha Verma');
      await field('building').fill('Aberdeen Bazaar 4');
      await field('address_line').fill('Netaji Stadium Road');
      await field('pincode').fill('744101');
      await field('mobile').fill('9876543210');
      const hint = dialog.getByTestId('pincode-hint');
      // The place India Post lists for the pincode, and that the shop does not deliver there yet.
      await expect(hint).toHaveText(/\(744101\)/);
      const placeWords = (await hint.textContent()) ?? '';
      await expect(field('state')).toHaveValue('Andaman & Nicobar Islands');
      await field('country').fill('India');
      await screenshot(dialog, artifactsDir, shot('address-refused'));
      await dialog.getByRole('button', { name: profile.address.submit }).click();
      await expect(page.getByRole('alert').filter({ hasText: placeWords })).toHaveCount(1);
      await expect(dialog).toHaveCount(1);

      // A state typed by hand does not buy a promise: the state is the pincode's (the place of supply on the
      // invoice), so the form puts it back, says so, and still refuses the place. An API client that sends it
      // is refused by the server (api/test/addresses.e2e-spec.ts).
      await field('state').fill('Karnataka');
      await dialog.getByRole('button', { name: profile.address.submit }).click();
      const corrected = profile.address.stateCorrected.replace('{{pincode}}', '744101').replace('{{state}}', 'Andaman & Nicobar Islands');
      await expect(page.getByRole('alert').filter({ hasText: corrected })).toHaveCount(1);
      await expect(field('state')).toHaveValue('Andaman & Nicobar Islands');
      await dialog.getByRole('button', { name: profile.address.submit }).click();
      await expect(page.getByRole('alert').filter({ hasText: placeWords }).first()).toBeVisible();
      await expect(dialog).toHaveCount(1);
      await screenshot(page, artifactsDir, shot('address-state-corrected'), { fullPage: false });
      await dialog.getByRole('button', { name: profile.address.cancel }).click();
      await dialog.waitFor({ state: 'detached' });
      const saved = (await apiGet(baseUrl, 'address/get', shopper.token)).data;
      assert.deepEqual(
        saved.map((a) => a.pincode),
        ['600001'],
        'no address at 744101 was saved',
      );

      // Placing to the Chennai address; the order card shows the date promised.
      await page.getByRole('button', { name: checkout.pay.cod }).click();
      await page.waitForURL(/\/success\?order=/);
      await openInApp(page, '/my-orders');
      const card = page.getByTestId('order-card').first();
      const placed = (await apiGet(baseUrl, 'order/order-list', shopper.token)).data[0];
      assert.equal(placed.expectedDeliveryBy, deliveryDateAfter(3, new Date(placed.createdAt)));
      await expect(card.getByTestId('order-expected')).toHaveText(fill(texts(lang, 'orders').expected, { date: await dateWords(placed.expectedDeliveryBy) }));
      await screenshot(card, artifactsDir, shot('order-card'));
    }
    await browser.close();
  });
}

/** POSTs `body` to the API as the shopper of `token`. */
async function apiPost(baseUrl, path, token, body) {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  assert.ok(res.ok, `${path}: ${res.status} ${await res.text()}`);
}

/** A text with its {{values}} filled in. */
function fill(text, values) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));
}
