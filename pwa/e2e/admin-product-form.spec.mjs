import assert from 'node:assert/strict';
import sharp from 'sharp';
import { productPath } from '@haat/shared/routing/slug';
import { seriousViolations } from './lib/axe.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiLogin, openInApp, openSignedIn, screenshot, searchAdminProducts } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

const png = (r, g, b) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

async function productNamed(baseUrl, token, name) {
  const res = await fetch(`${baseUrl}/api/product/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ search: name, limit: 12 }),
  });
  return (await res.json()).data.find((p) => p.name === name);
}

/**
 * Through the real admin screens: a variable product sold by the kg with two
 * variants (one with its own price, stock and picture), its variant buttons on the product page, then
 * the edit modal turning it fixed, where the unit becomes a read-only 'pack' and the variant ids stay.
 */
test('admin-product-form', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  const productName = `Journey Atta ${Date.now().toString(36)}`;
  const sku = `JOURNEY-ATTA-${Date.now().toString(36)}`.toUpperCase();
  const token = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  // One admin session, its window at a laptop's size and then a phone's.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await openSignedIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/upload-product');

  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ]) {
    // Both sizes: the form at each, looked at in the screenshots; the product is made once, at 1366.
    await page.setViewportSize({ width, height });
    await openInApp(page, '/dashboard/upload-product');
    await page.getByRole('heading', { name: 'Upload Product' }).waitFor();
    const form = page.locator('form.product-form');
    const type = form.getByLabel('Product type', { exact: true });
    const unit = form.getByLabel('Unit', { exact: true });
    await expect(type, 'a new product starts fixed').toHaveValue('fixed');
    await expect(unit).toHaveValue('pack');
    assert.equal(await unit.isEditable(), false, 'a fixed product’s unit is read-only');

    await form.getByLabel('Name', { exact: true }).fill(productName);
    await form.getByLabel('Description', { exact: true }).fill('Stone-ground whole wheat.');
    await form.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
    await form.getByLabel('Stock', { exact: true }).fill('50');
    await form.getByLabel('Price', { exact: true }).fill('60');
    await form.getByLabel('HSN code').fill('1101');
    await form.getByLabel('GST rate (%)').selectOption('5');
    // Typed in any case, kept in capitals (docs/product.md#catalogue-in-bulk).
    await form.getByLabel('SKU', { exact: true }).fill(sku.toLowerCase());

    // Variable: the unit turns into a select of the four measures.
    await type.selectOption('variable');
    assert.equal(await unit.evaluate((el) => el.tagName), 'SELECT');
    assert.deepEqual(await unit.locator('option').allTextContents(), ['kg', 'litre', 'gm', 'ml']);
    await unit.selectOption('kg');

    await form.getByRole('button', { name: 'Add Variant' }).click();
    await form.getByRole('button', { name: 'Add Variant' }).click();
    const first = form.getByRole('group', { name: 'Variant 1' });
    const second = form.getByRole('group', { name: 'Variant 2' });
    await first.getByLabel('Variant name').fill('1 kg');
    await second.getByLabel('Variant price').fill('-5');
    // A variant without a name, then a negative price, are refused in words before anything is sent.
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Variant 2 name is required').first().waitFor();
    await second.getByLabel('Variant name').fill('5 kg');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Variant 2 price must not be negative').first().waitFor();
    await second.getByLabel('Variant price').fill('250');
    await second.getByLabel('Variant stock').fill('3');
    await second.getByLabel('Variant SKU').fill(`${sku}-big`);
    await second.locator('input[type="file"]').setInputFiles({ name: 'five-kg.png', mimeType: 'image/png', buffer: await png(200, 150, 60) });
    await second.getByRole('button', { name: 'Preview image 1 of Variant 2' }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], `/dashboard/upload-product with variants at ${width}px`);
    await screenshot(page, artifactsDir, `admin-product-form-${width}`);

    if (width !== 1366) {
      // The same rows can be removed again; nothing is saved at this size.
      await first.getByRole('button', { name: 'Remove Variant 1' }).click();
      await expect(form.getByRole('group', { name: /^Variant \d$/ })).toHaveCount(1);
      // The edit modal of the product saved at 1366, as a phone shows it.
      await openInApp(page, '/dashboard/product');
      await (await searchAdminProducts(page, productName)).getByRole('button', { name: `Edit ${productName}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit product' });
      await dialog.getByRole('group', { name: 'Variant 2' }).scrollIntoViewIfNeeded();
      assert.equal(await dialog.getByLabel('Unit', { exact: true }).isEditable(), false);
      await screenshot(page, artifactsDir, 'admin-product-form-edit-390', { fullPage: false });
      continue;
    }

    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Product Created Successfully').first().waitFor();
    await expect(form.getByRole('group', { name: /^Variant \d$/ }), 'the form resets after success').toHaveCount(0);
    await expect(unit, 'and starts fixed again').toHaveValue('pack');

    const created = await productNamed(baseUrl, token, productName);
    assert.ok(created, 'the product is on the server');
    assert.deepEqual(
      {
        productType: created.productType,
        unit: created.unit,
        variants: created.variants.map(({ name, price, stock, image }) => ({ name, price, stock, images: image?.length })),
      },
      {
        productType: 'variable',
        unit: 'kg',
        variants: [
          { name: '1 kg', price: undefined, stock: undefined, images: undefined },
          { name: '5 kg', price: 250, stock: 3, images: 1 },
        ],
      },
    );
    assert.deepEqual(
      [created.sku, ...created.variants.map((v) => v.sku)],
      [sku, `${sku}-1`, `${sku}-BIG`],
      'the SKUs typed, and one made for the option left blank',
    );
    const ids = created.variants.map((v) => v._id);

    // The product page: the unit and a button per variant; the 5 kg one shows its own price.
    await openInApp(page, productPath(created));
    await page.locator('.buy-box h1').filter({ hasText: productName }).waitFor();
    await expect(page.locator('.buy-box__unit')).toHaveText('kg');
    const options = page.getByRole('group', { name: 'Options' });
    assert.deepEqual(await options.getByRole('button').allTextContents(), ['1 kg', '5 kg']);
    await options.getByRole('button', { name: '5 kg' }).click();
    await page.locator('.buy-box__price').filter({ hasText: '₹250.00' }).waitFor();
    await screenshot(page, artifactsDir, 'admin-product-form-product-page');

    // Edit it to fixed: the unit becomes a read-only 'pack'; the variants keep their ids.
    await openInApp(page, '/dashboard/product');
    const card = await searchAdminProducts(page, productName);
    await card.getByRole('button', { name: `Edit ${productName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit product' });
    const editType = dialog.getByLabel('Product type', { exact: true });
    const editUnit = dialog.getByLabel('Unit', { exact: true });
    await expect(editType).toHaveValue('variable');
    await expect(editUnit).toHaveValue('kg');
    await expect(dialog.getByLabel('SKU', { exact: true })).toHaveValue(sku);
    await expect(dialog.getByRole('group', { name: 'Variant 1' }).getByLabel('Variant SKU')).toHaveValue(`${sku}-1`);
    await expect(dialog.getByRole('group', { name: 'Variant 2' }).getByLabel('Variant price')).toHaveValue('250');
    await editType.selectOption('fixed');
    assert.equal(await editUnit.evaluate((el) => el.tagName), 'INPUT');
    await expect(editUnit).toHaveValue('pack');
    assert.equal(await editUnit.isEditable(), false, 'read-only once fixed');
    await dialog.getByRole('group', { name: 'Variant 1' }).getByLabel('Variant name').fill('1 kg bag');
    await screenshot(page, artifactsDir, 'admin-product-form-edit-1366');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Product updated successfully').first().waitFor();
    await card.getByText('pack').waitFor();

    const edited = await productNamed(baseUrl, token, productName);
    assert.deepEqual(
      { productType: edited.productType, unit: edited.unit, variants: edited.variants.map((v) => [v._id, v.name]) },
      {
        productType: 'fixed',
        unit: 'pack',
        variants: [
          [ids[0], '1 kg bag'],
          [ids[1], '5 kg'],
        ],
      },
    );
    // Opened again, the form shows it fixed, with the unit read-only.
    await card.getByRole('button', { name: `Edit ${productName}` }).click();
    await expect(dialog.getByLabel('Product type', { exact: true })).toHaveValue('fixed');
    assert.equal(await dialog.getByLabel('Unit', { exact: true }).isEditable(), false);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  await context.close();
});
