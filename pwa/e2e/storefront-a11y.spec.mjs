import assert from 'node:assert/strict';
import { seriousViolations } from './lib/axe.mjs';
import { test } from './fixtures.mjs';

/** Axe-core on home, a listing and a product page, desktop and phone: no serious or critical violations. */
test('storefront-a11y', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ]) {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.locator('.category-row .product-card').first().waitFor();
    assert.deepEqual(await seriousViolations(page), [], `home (${label})`);

    await page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first().click();
    await page.locator('.product-grid .product-card').first().waitFor();
    assert.deepEqual(await seriousViolations(page), [], `listing (${label})`);

    await page.locator('.product-grid .product-card__link').first().click();
    await page.locator('.buy-box h1').waitFor();
    await page.getByRole('heading', { name: 'You May Also Like' }).scrollIntoViewIfNeeded();
    await page.locator('.product-row .product-card').first().waitFor();
    assert.deepEqual(await seriousViolations(page), [], `product (${label})`);
    await page.screenshot({ path: `${artifactsDir}/a11y-product-${label}.png` });
    await context.close();
  }
});
