import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { seriousViolations } from './lib/axe.mjs';
import { apiGet, apiLogin, openSignedIn, screenshot } from './lib/shopper-steps.mjs';
import { expect, test, ciOnlyUnless } from './fixtures.mjs';

/**
 * The admin's Stores screen in English and Hindi at 390 and 1366 px (docs/product.md#delivery, #api): a store whose
 * pincode another store serves is refused under "Pincodes served" (focused, the dialog open, no field path, no toast);
 * "Units on sale" counts the demo stores' units with their products beside them; a store is stocked by a product's
 * name from the admin's product search, and its units on sale grow by what was moved.
 */
const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'));
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));

for (const lang of ['en-IN', 'hi-IN']) {
  test(`stores ${lang}`, ciOnlyUnless(lang === 'en-IN'), async ({ baseUrl, artifactsDir, launch }) => {
    const stores = texts(lang, 'stores');
    const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const { data } = await apiGet(baseUrl, 'store/list', admin);
    const koramangala = data.stores.find((s) => s.name === 'Haat Koramangala');
    const { data: shelf } = await apiGet(baseUrl, `store/stock?storeId=${koramangala._id}`, admin);
    const units = shelf.stock.reduce((sum, l) => sum + l.available, 0);
    assert.ok(units > 100, `the demo store holds its units (${units})`);

    const browser = await launch();
    const context = await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openSignedIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/stores', { language: lang });
    await page.getByRole('heading', { name: stores.heading, exact: true }).waitFor();

    // Units on sale: the units on the shelves, the products beside them.
    const row = page.getByTestId(`store-row-${koramangala.pincode}`);
    const products = new Set(shelf.stock.filter((l) => l.available > 0).map((l) => l.productId)).size;
    const onSale = (n) => fill(stores[products === 1 ? 'onSale_one' : 'onSale_other'], { units: n.toLocaleString(lang), count: products });
    await expect(row.getByTestId('store-on-sale')).toHaveText(onSale(units));

    // A pincode another store serves: refused under its field, in the open dialog, in the screen's language.
    await page.getByTestId('store-add').click();
    const dialog = page.getByRole('dialog');
    for (const [name, value] of Object.entries({
      name: 'Haat BTM',
      address: '16th Main, BTM 2nd Stage',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560034',
    }))
      await page.getByTestId(`store-form-${name}`).fill(value);
    await page.getByTestId('store-form-servesPincodes').fill('560034');
    await page.getByTestId('store-form-save').click();
    const served = page.getByTestId('store-form-servesPincodes');
    await expect(served).toHaveAttribute('aria-invalid', 'true');
    await expect(served).toBeFocused();
    const problem = page.locator(`#${(await served.getAttribute('aria-describedby')).split(' ').pop().replace(/:/g, '\\:')}`);
    await expect(problem).toContainText('560034');
    await expect(problem).toContainText('Haat Koramangala');
    await expect(problem).not.toContainText('servesPincodes');
    await expect(dialog).toBeVisible();
    await expect(page.locator('.toast')).toHaveCount(0);
    assert.deepEqual(await seriousViolations(page), [], 'the refused form has no serious accessibility problem');
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, artifactsDir, `round-six-${lang}-${width}-store-refused`, { fullPage: false });
    }
    await dialog.getByRole('button', { name: stores.cancel }).click();

    // Stocked by name: the admin's product search, the product and its option, never an id.
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: fill(stores.stockLabel, { name: koramangala.name }) }).click();
    await page.getByTestId('shelf-add-find').fill('bhujia');
    const product = page.getByTestId('shelf-add-product');
    await expect(product.locator('option')).not.toHaveCount(1);
    await product.selectOption({ index: 1 });
    const option = page.getByTestId('shelf-add-option');
    if (await option.count()) await option.selectOption({ index: 1 });
    await page.getByTestId('shelf-add-units').fill('2');
    await page.getByTestId('shelf-add-save').click();
    await expect(row.getByTestId('store-on-sale')).toContainText((units + 2).toLocaleString(lang));
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, artifactsDir, `round-six-${lang}-${width}-shelf-picker`);
    }
    // Put back, so the other language's run (same server) counts the demo's units again.
    const { data: after } = await apiGet(baseUrl, `store/stock?storeId=${koramangala._id}`, admin);
    const moved = after.stock.find(
      (l) => l.available !== (shelf.stock.find((s) => s.productId === l.productId && s.variantId === l.variantId)?.available ?? 0),
    );
    assert.ok(moved, 'a unit of the store moved');
    const res = await fetch(`${baseUrl}/api/store/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ storeId: koramangala._id, productId: moved.productId, variantId: moved.variantId, units: 2, to: 'warehouse' }),
    });
    assert.equal(res.status, 200);
  });
}
