import assert from 'node:assert/strict';
import { inStockProducts } from './lib/shop-fixtures.mjs';
import { newShopper, openSignedIn, registerByApi, screenshot } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

// A shopper's service worker, which the journeys block unless they need it (playwright.config.ts): offline, its pages come from the service worker.
test.use({ serviceWorkers: 'allow' });

/**
 * Pincodes against India Post's directory: the product page's "Check delivery" names the place and a
 * delivery date, or says the pincode is unknown; the address form fills district, city and state from
 * the pincode, keeps the shopper's changes, refuses an unknown pincode, and offline lets them type.
 */
test('pincode', async ({ baseUrl, artifactsDir, launch }) => {
  const [product] = await inStockProducts(baseUrl, 1);
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();

  // The directory is the server's: the product page's scripts do not carry it.
  const scriptBytes = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scriptBytes.push((await res.text().catch(() => '')).includes('Bommasandra'));
  });

  await page.goto(`${baseUrl}/product/p-${product._id}`);
  const input = page.getByLabel('Check delivery');
  await input.waitFor();
  const message = page.getByTestId('pincode-message');
  await input.fill('560001');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  // The place's date is this product's promise there, from the promise route.
  await page
    .getByTestId('pincode-promise')
    .filter({ hasText: /^Delivery to Bengaluru, Karnataka \(560001\) by \w{3}, \d{1,2} \w{3}\.$/ })
    .waitFor();
  await screenshot(page.locator('.pincode'), artifactsDir, 'pincode-check-390');
  await input.fill('999999');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await message.filter({ hasText: 'We could not find pincode 999999. Please check it.' }).waitFor();
  await input.fill('744301');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await message.filter({ hasText: 'Sorry, we do not deliver to Nicobar, Andaman & Nicobar Islands (744301) yet.' }).waitFor();
  assert.ok(!scriptBytes.includes(true), 'no pincode data in the scripts the shopper downloaded');

  // The address form.
  const shopper = newShopper('pincode');
  await registerByApi(baseUrl, shopper);
  await openSignedIn(page, baseUrl, shopper.email, shopper.password, '/dashboard/address');
  await page.getByRole('button', { name: 'Add New Address' }).click();
  const dialog = page.getByRole('dialog');
  const field = (label) => dialog.getByLabel(label, { exact: true });
  await field('Name').fill('Asha Verma');
  await field('Building').fill('12 Lotus Apartments');
  await field('Address line').fill('MG Road');
  await field('Pincode').fill('560001');
  await dialog.getByTestId('pincode-hint').filter({ hasText: 'Bengaluru, Karnataka' }).waitFor();
  await expect(field('City')).toHaveValue('Bengaluru');
  await expect(field('State')).toHaveValue('Karnataka');
  await expect(field('District')).toHaveValue('Bengaluru');
  await screenshot(dialog, artifactsDir, 'pincode-address-form-390');
  // The shopper may change what was filled.
  await field('District').fill('Bengaluru Urban');
  await field('Country').fill('India');
  await field('Mobile').fill('9876543210');

  // An unknown pincode: the form says so and the server refuses it.
  await field('Pincode').fill('999999');
  await dialog.getByTestId('pincode-hint').filter({ hasText: 'We could not find pincode 999999' }).waitFor();
  await expect(field('District'), 'what the shopper typed stays').toHaveValue('Bengaluru Urban');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // The refusal is said under the field it names, without the API's field path.
  await dialog
    .getByTestId('pincode-problem')
    .filter({ hasText: /^999999 is not a pincode India Post lists/ })
    .waitFor();
  await expect(dialog, 'the form stays open').toHaveCount(1);

  await field('Pincode').fill('560001');
  await dialog.getByTestId('pincode-hint').filter({ hasText: 'Bengaluru, Karnataka' }).waitFor();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page
    .getByText(/Bengaluru Urban/)
    .first()
    .waitFor();

  // Offline: no lookup answers, and the shopper types city and state themselves.
  await page.getByRole('button', { name: 'Add New Address' }).click();
  await context.setOffline(true);
  await field('Pincode').fill('600001');
  await dialog.getByTestId('pincode-hint').filter({ hasText: 'please type district, city and state' }).waitFor();
  await field('City').fill('Chennai');
  await field('State').fill('Tamil Nadu');
  await expect(field('City')).toHaveValue('Chennai');
  await expect(field('State')).toHaveValue('Tamil Nadu');
  await context.setOffline(false);
  await browser.close();
});
