import { apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiGet, screenshot, signIn } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/**
 * A shopper on a phone switches the shop to Hindi from the footer and goes home → a product → cart →
 * checkout → cash on delivery → My Orders, every screen in Hindi (docs/product.md#languages); the order
 * is in the API as placed. Signing in uses the shared English steps, before the switch.
 */
const PHONE = { width: 390, height: 844 };

test('a shopper switches to Hindi and orders in Hindi at 390 px', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ locale: 'en-IN', viewport: PHONE });
  const page = await context.newPage();
  const shopper = await apiShopper(baseUrl, 'hindi-walk');
  await signIn(page, baseUrl, shopper.email, shopper.password);

  // The switch, as a shopper finds it: at the foot of the home page.
  await page.goto(`${baseUrl}/`);
  const languages = page.locator('footer').getByRole('group', { name: 'Language' });
  await languages.scrollIntoViewIfNeeded();
  await languages.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.locator('footer').getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');

  // Home → a product.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('heading', { name: 'कैटेगरी के हिसाब से खरीदें' }).waitFor();
  await screenshot(page, artifactsDir, 'hindi-home-390');
  // A demo product sold without options (other journeys on this server add products with options to the home rows).
  const product = (await inStockProducts(baseUrl, 10)).find((p) => p.variants.length === 0);
  await page.goto(`${baseUrl}/product/p-${product._id}`);
  await page.getByRole('heading', { name: 'विवरण' }).waitFor();
  const name = product.name;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.getByRole('button', { name: 'कार्ट में डालें' }).first().click();
  await screenshot(page, artifactsDir, 'hindi-product-390');

  // Cart → checkout.
  await page.goto(`${baseUrl}/cart`);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByText('कुल रकम').first().waitFor();
  await expect(page.getByText('Grand total')).toHaveCount(0);
  await screenshot(page, artifactsDir, 'hindi-cart-390');
  await page.getByRole('button', { name: /आगे बढ़ें/ }).first().click();
  await page.waitForURL(`${baseUrl}/checkout`);
  await expect(page.getByTestId('address-option').first().getByRole('radio')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Cash on Delivery' })).toHaveCount(0);
  await screenshot(page, artifactsDir, 'hindi-checkout-390');
  await page.getByRole('button', { name: 'कैश ऑन डिलीवरी' }).click();

  // Placed: the success page and My Orders in Hindi.
  await page.waitForURL(/\/success\?order=/);
  await page.getByRole('heading', { name: 'ऑर्डर सफलतापूर्वक प्लेस हो गया' }).waitFor();
  const { data: orders } = await apiGet(baseUrl, 'order/order-list', shopper.token);
  expect(orders).toHaveLength(1);
  expect(orders[0].product_details.map((line) => line.name)).toEqual([name]);
  await page.goto(`${baseUrl}/dashboard/myorders`);
  await page.getByRole('heading', { name: 'आपके ऑर्डर' }).waitFor();
  await expect(page.getByText(`ऑर्डर #${orders[0].orderId}`).first()).toBeVisible();
  await screenshot(page, artifactsDir, 'hindi-my-orders-390');
  await context.close();
});
