import assert from 'node:assert/strict';
import { seriousViolations } from './lib/axe.mjs';
import sharp from 'sharp';
import { productPath } from '@haat/shared/routing/slug';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiLogin, newShopper, openInApp, openSignedIn, registerByApi, screenshot } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/** A small real PNG, as an admin's camera would give one. */
const png = (r, g, b) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

async function postJson(baseUrl, path, token, body) {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** docs/product.md#screens, Admin catalogue screens, end to end through the real screens and the real API. */
test('admin-catalogue', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  const tag = Date.now().toString(36);
  const categoryName = `Journey Cat ${tag}`;
  const subName = `Journey Sub ${tag}`;
  const productName = `Journey Tea ${tag}`;

  // A signed-in customer gets the short note, not the screen.
  const customerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const customerPage = await customerContext.newPage();
  const shopper = newShopper('notadmin');
  await registerByApi(baseUrl, shopper);
  await openSignedIn(customerPage, baseUrl, shopper.email, shopper.password, '/dashboard/category');
  await customerPage.getByText('This page is for administrators.').waitFor();
  await expect(customerPage.getByRole('button', { name: 'Add Category' })).toHaveCount(0);
  await customerContext.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  // 1. Category: add one with an uploaded image.
  await openSignedIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/category');
  await page.getByRole('heading', { name: 'Category Management' }).waitFor();
  await page.getByTestId('category-card').first().waitFor();
  assert.equal(await page.title(), 'Manage Categories | Haat');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Admin panel to manage product categories');
  assert.deepEqual(await seriousViolations(page), [], '/dashboard/category');
  await page.getByRole('button', { name: 'Add Category' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Category' });
  const upload = dialog.locator('input[type="file"]');
  await expect(upload, 'the upload waits for a name').toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Add Category' }), 'submit waits for name and image').toBeDisabled();
  await dialog.getByLabel('Name', { exact: true }).fill(categoryName);
  await upload.setInputFiles({ name: 'category.png', mimeType: 'image/png', buffer: await png(200, 80, 40) });
  await dialog.getByRole('img', { name: 'Preview of the upload' }).waitFor();
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await dialog.waitFor({ state: 'detached' });
  const categoryCard = page.getByTestId('category-card').filter({ hasText: categoryName });
  await categoryCard.waitFor();
  await expect(categoryCard.locator('img')).toHaveAttribute('src', /\/uploads\//);

  // 2. Sub category in it.
  await openInApp(page, '/dashboard/subcategory');
  await page.getByRole('heading', { name: 'Sub Category', exact: true }).waitFor();
  assert.equal(await page.title(), 'All Sub Categories | Haat');
  await page.getByRole('button', { name: 'Add Sub Category' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Sub Category' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Please fill all fields and upload image').first().waitFor();
  await dialog.getByLabel('Name', { exact: true }).fill(subName);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'sub.png', mimeType: 'image/png', buffer: await png(40, 160, 90) });
  await dialog.getByRole('img', { name: 'Preview of the upload' }).waitFor();
  await dialog.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
  await dialog.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
  await expect(dialog.locator('.chip'), 'the same category twice is one chip').toHaveCount(1);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
  const subRow = page.getByTestId('subcategory-row').filter({ hasText: subName });
  await subRow.waitFor();
  await expect(subRow).toHaveText(new RegExp(categoryName));
  await subRow.getByRole('button', { name: `View image of ${subName}` }).click();
  const viewer = page.getByRole('dialog', { name: 'Image preview' });
  await viewer.getByRole('button', { name: 'Close image preview' }).click();
  await viewer.waitFor({ state: 'detached' });

  // 3. Upload a product with an image and an extra field.
  await openInApp(page, '/dashboard/upload-product');
  await page.getByRole('heading', { name: 'Upload Product' }).waitFor();
  const form = page.locator('form.product-form');
  await form.getByLabel('Name', { exact: true }).fill(productName);
  await form.getByLabel('Description', { exact: true }).fill('A journey-tested tea.');
  await form.locator('input[type="file"]').setInputFiles({ name: 'tea.png', mimeType: 'image/png', buffer: await png(20, 90, 200) });
  await form.getByRole('button', { name: 'Preview image 1' }).waitFor();
  await form.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
  await form.getByLabel('Sub Category', { exact: true }).selectOption({ label: subName });
  // docs/product.md#states: a fixed product (the default) is sold by the pack, its unit read-only.
  await expect(form.getByLabel('Unit', { exact: true })).toHaveValue('pack');
  assert.equal(await form.getByLabel('Unit', { exact: true }).isEditable(), false);
  await form.getByLabel('Stock', { exact: true }).fill('40');
  await form.getByLabel('Price', { exact: true }).fill('321');
  // Required since the rates of 22 September 2025: the HSN code, and a rate in force today (docs/product.md#tax-invoices).
  await form.getByLabel('HSN code').fill('2106');
  await form.getByLabel('GST rate (%)').selectOption('5');
  await form.getByRole('button', { name: 'Add Fields' }).click();
  const addField = page.getByRole('dialog', { name: 'Add Field' });
  await addField.getByPlaceholder('Enter field name').fill('Origin');
  await addField.getByRole('button', { name: 'Add Field', exact: true }).click();
  await addField.waitFor({ state: 'detached' });
  await form.getByLabel('Origin', { exact: true }).fill('Assam');
  await form.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Product Created Successfully').first().waitFor();
  await expect(form.getByLabel('Name', { exact: true }), 'the form resets after success').toHaveValue('');
  await expect(form.getByLabel('Origin', { exact: true })).toHaveCount(0);

  const token = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const found = (await postJson(baseUrl, 'product/get', token, { search: productName, limit: 12 })).data.find((p) => p.name === productName);
  assert.ok(found, 'the product is on the server');
  assert.deepEqual(
    {
      category: found.category.map((c) => c.name),
      subCategory: found.subCategory.map((s) => s.name),
      origin: found.more_details.Origin,
      images: found.image.length,
      price: found.price,
    },
    { category: [categoryName], subCategory: [subName], origin: 'Assam', images: 1, price: 321 },
  );

  // 4. Admin Products: find it by search, edit its price.
  await openInApp(page, '/dashboard/product');
  await page.getByRole('heading', { name: 'Admin Products' }).waitFor();
  await page.getByTestId('admin-product-card').first().waitFor();
  await expect(page.getByTestId('admin-product-card'), '12 cards per page').toHaveCount(12);
  await page.getByText(/^Page 1 of \d+$/).waitFor();
  assert.deepEqual(await seriousViolations(page), [], '/dashboard/product');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(productName);
  const card = page.getByTestId('admin-product-card').filter({ hasText: productName });
  await card.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-product-card"]').length === 1);
  await card.getByRole('button', { name: `Edit ${productName}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit product' });
  const price = dialog.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue('321');
  await expect(dialog.getByLabel('Origin', { exact: true })).toHaveValue('Assam');
  await price.fill('345');
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Product updated successfully').first().waitFor();
  await screenshot(page, artifactsDir, 'admin-products');

  // The storefront's product page shows the new price.
  await openInApp(page, productPath(found));
  await page.locator('.buy-box h1').filter({ hasText: productName }).waitFor();
  await page.locator('.buy-box__price').filter({ hasText: '₹345.00' }).waitFor();

  // 5. Search synonyms (docs/decisions/0260-the-shoppers-own-words.md): a shopper's own word for the new tea finds it
  // at the next search, until the admin deletes it.
  const word = `jchai${tag}`;
  const searched = async () => (await postJson(baseUrl, 'product/search-product', token, { search: word, page: 1 })).data.map((p) => p.name);
  assert.equal((await searched()).includes(productName), false, 'the word means nothing yet');
  await openInApp(page, '/dashboard/synonyms');
  await page.getByRole('heading', { name: 'Search synonyms' }).waitFor();
  assert.equal(await page.title(), 'Search synonyms | Haat');
  await page
    .getByRole('status')
    .filter({ hasText: /synonyms?$/ })
    .or(page.getByText('No synonyms yet.'))
    .first()
    .waitFor();
  assert.deepEqual(await seriousViolations(page), [], '/dashboard/synonyms');
  await page.getByTestId('synonym-add').click();
  dialog = page.getByRole('dialog', { name: 'Add synonym' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Shoppers type is required.').waitFor();
  await dialog.getByLabel('Shoppers type').fill(word);
  await dialog.getByLabel('Search looks for').fill(`journey tea ${tag}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const synonymRow = page.getByTestId(`synonym-row-${word}`);
  await synonymRow.waitFor();
  await screenshot(page, artifactsDir, 'admin-synonyms');
  assert.ok((await searched()).includes(productName), 'the synonym finds the tea');
  await synonymRow.getByRole('button', { name: `Delete synonym ${word}` }).click();
  const deleteSynonym = page.getByRole('dialog', { name: `Delete ${word}?` });
  await deleteSynonym.getByRole('button', { name: 'Delete' }).click();
  await synonymRow.waitFor({ state: 'detached' });
  assert.equal((await searched()).includes(productName), false, 'deleted, the word means nothing again');

  // 6. The category is still used: the server's 409 reason shows and the category stays.
  await openInApp(page, '/dashboard/category');
  await categoryCard.getByRole('button', { name: `Delete ${categoryName}` }).click();
  let confirm = page.getByRole('dialog', { name: 'Permanent Delete' });
  await confirm.getByText('Are you sure permanent delete ?').waitFor();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await page
    .getByText(/This category is still used by 1 product\(s\) and 1 subcategory\(ies\)/)
    .first()
    .waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  await categoryCard.waitFor();

  // 7. Delete the product, then the sub category and the category.
  await openInApp(page, '/dashboard/product');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(productName);
  // The unsearched first page may show the product too, and the search's answer replaces those cards with
  // skeletons and then the one result: a press on the first page's Delete can land on a skeleton and open
  // nothing. So the press waits for the search's answer, as the Edit above does.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-product-card"]').length === 1);
  await card.getByRole('button', { name: `Delete ${productName}` }).click();
  confirm = page.getByRole('dialog', { name: 'Permanent Delete' });
  await confirm.getByText('Are you sure want to delete permanently?').waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await confirm.waitFor({ state: 'detached' });
  await page.getByText('No products found').waitFor();

  await openInApp(page, '/dashboard/subcategory');
  await subRow.getByRole('button', { name: `Delete ${subName}` }).click();
  await page.getByRole('dialog', { name: 'Permanent Delete' }).getByRole('button', { name: 'Confirm' }).click();
  await subRow.waitFor({ state: 'detached' });

  await openInApp(page, '/dashboard/category');
  await categoryCard.getByRole('button', { name: `Delete ${categoryName}` }).click();
  await page.getByRole('dialog', { name: 'Permanent Delete' }).getByRole('button', { name: 'Confirm' }).click();
  await categoryCard.waitFor({ state: 'detached' });

  const categories = await (await fetch(`${baseUrl}/api/category/get`)).json();
  assert.equal(
    categories.data.some((c) => c.name === categoryName),
    false,
    'the category is gone from the server',
  );
  await context.close();
});
