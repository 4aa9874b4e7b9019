import assert from 'node:assert/strict';
import { screenshot } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/**
 * Home → category → listing with a filter → product → search with a typo, in real
 * Chromium against the real server. What the screens show is checked against what the API answers.
 */
test('storefront-browse', async ({ baseUrl, artifactsDir, launch }) => {
  const api = async (path, body) =>
    (await fetch(`${baseUrl}/api/${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {})).json();
  const browser = await launch();
  // With motion, as most shoppers have it: the header's prompt types itself.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'no-preference' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // Home: the shell, the self-typing search prompt, Shop by Category.
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { name: 'Shop by Category' }).waitFor();
  const prompt = page.getByTestId('search-prompt');
  await expect(prompt).toHaveAttribute('href', '/search');
  await page.waitForFunction(() => /^Search "\w/.test(document.querySelector('.search-bar__prompt')?.textContent ?? ''));
  assert.match(await page.title(), /Haat/);
  assert.ok(await page.locator('link[rel="canonical"]').getAttribute('href'));
  await page.getByText('24/7 Customer Service').waitFor();

  // Category tile → the listing of the first subcategory (by name) that contains it.
  const { data: categories } = await api('category/get');
  const { data: subs } = await api('subcategory/get', {});
  const category = [...categories].sort((a, b) => a.name.localeCompare(b.name))[0];
  const sub = [...subs].sort((a, b) => a.name.localeCompare(b.name)).find((s) => s.category.some((c) => c._id === category._id));
  await page.getByRole('region', { name: 'Shop by Category' }).getByRole('link', { name: category.name }).click();
  await page.waitForURL((url) => url.pathname.endsWith(`-${category._id}/${sub.name.replace(/[\s,&]+/g, '-')}-${sub._id}`));
  await page.getByRole('heading', { level: 1, name: sub.name }).waitFor();
  const unfiltered = await api('product/get-product-by-category-and-subcategory', { categoryId: category._id, subCategoryId: sub._id });
  await page.getByText(`${unfiltered.totalCount} products`).waitFor();

  // A filter: max price and In Stock Only go to the server's filters (the count shown is the server's
  // total for exactly those filters, which the page could not know from the unfiltered first page).
  const prices = unfiltered.data.map((p) => p.price - Math.ceil((p.price * p.discount) / 100)).sort((a, b) => a - b);
  const max = prices[Math.floor(prices.length / 2)];
  await page.getByLabel('Max price (₹)').fill(String(max));
  await page.getByLabel('In Stock Only').check();
  const filtered = await api('product/get-product-by-category-and-subcategory', {
    categoryId: category._id,
    subCategoryId: sub._id,
    maxPrice: max,
    inStock: true,
  });
  assert.ok(filtered.totalCount < unfiltered.totalCount, 'the filter narrows the list');
  await page.getByText(`${filtered.totalCount} products`, { exact: true }).waitFor();
  // The count can show before the grid's cards do: wait (with a deadline) until the grid shows the filtered cards.
  const grid = page.locator('.product-grid .price-tag__final');
  await grid.first().waitFor();
  // Answers what is wrong with the grid: nothing shown, or the prices above the filter's maximum.
  const outOfRange = async () => {
    const prices = await grid.allTextContents();
    return prices.length === 0 ? ['(no products shown)'] : prices.filter((text) => !(Number(text.replace(/[₹,]/g, '')) <= max));
  };
  await expect.poll(outOfRange, { message: `the filtered grid shows products, each within ₹${max}` }).toEqual([]);
  await screenshot(page, artifactsDir, 'browse-listing-filtered', { fullPage: false });

  // The first card → its product page.
  const card = page.locator('.product-grid .product-card').first();
  const name = await card.locator('.product-card__name').textContent();
  await card.locator('.product-card__link').click();
  await page.waitForURL(/\/product\/.+-[0-9A-Z]+$/);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).waitFor();
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = ld.map((t) => JSON.parse(t)).find((b) => b['@type'] === 'Product');
  assert.equal(product.name, name);
  assert.equal(product.offers.priceCurrency, 'INR');

  // Search with a typo: the prompt leads to /search, typing moves the URL, the server forgives "whatch" (one letter too many; words under five letters are never corrected, docs/decisions/0226-typos-by-letters-and-digits.md).
  await page.getByTestId('search-prompt').click();
  await page.waitForURL(`${baseUrl}/search`);
  const input = page.getByRole('searchbox', { name: 'Search products' });
  assert.equal(await input.evaluate((el) => el === document.activeElement), true);
  await page.keyboard.type('whatch', { delay: 60 });
  await page.waitForURL(`${baseUrl}/search?q=whatch`);
  assert.equal(await page.title(), 'Search Results for "whatch" | Haat');
  await page.getByRole('heading', { level: 1, name: /Search Results: [1-9]/ }).waitFor();
  // The results follow the settled term (typing pauses 250 ms before the server is asked).
  const watches = () => [...document.querySelectorAll('.product-grid .product-card__name')].slice(0, 5).map((n) => n.textContent ?? '');
  await page
    .waitForFunction(
      () => {
        const names = [...document.querySelectorAll('.product-grid .product-card__name')].slice(0, 5).map((n) => n.textContent ?? '');
        return names.length > 0 && names.every((n) => /watch/i.test(n));
      },
      null,
      { timeout: 15_000, polling: 100 },
    )
    .catch(() => undefined);
  const found = await page.evaluate(watches);
  assert.ok(found.length > 0 && found.every((n) => /watch/i.test(n)), `typo search finds watches: ${found}`);

  // Narrow screens: the search page shows a back arrow, no logo row.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const mobile = await phone.newPage();
  await mobile.goto(`${baseUrl}/search?q=whatch`);
  await mobile.getByRole('link', { name: 'Back to home' }).waitFor();
  await expect(mobile.locator('.logo-link')).toHaveCount(0);
  await mobile.getByRole('heading', { level: 1, name: /Search Results: [1-9]/ }).waitFor();
  await screenshot(mobile, artifactsDir, 'browse-search-phone', { fullPage: false });
  await phone.close();

  assert.deepEqual(errors, [], 'no uncaught errors in the page');
  await screenshot(page, artifactsDir, 'browse-search', { fullPage: false });
});
