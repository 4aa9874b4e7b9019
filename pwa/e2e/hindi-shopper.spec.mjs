import { apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiGet, openInApp, screenshot, serviceWorkerControls, signIn, switchLanguageInFooter } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

// A shopper's service worker, which the journeys block unless they need it (playwright.config.ts): offline, its pages come from the service worker.
test.use({ serviceWorkers: 'allow' });

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

  // The switch, as a shopper finds it: at the foot of the home page (where signing in leaves them).
  await switchLanguageInFooter(page, 'हिन्दी');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.locator('footer').getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');

  // Home → a product.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('heading', { name: 'कैटेगरी के हिसाब से खरीदें' }).waitFor();
  await screenshot(page, artifactsDir, 'hindi-home-390');
  // A demo product sold without options (other journeys on this server add products with options to the home rows).
  const product = (await inStockProducts(baseUrl, 10)).find((p) => p.variants.length === 0);
  await openInApp(page, `/product/p-${product._id}`);
  await page.getByRole('heading', { name: 'विवरण' }).waitFor();
  const name = product.name;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.getByRole('button', { name: 'कार्ट में डालें' }).first().click();
  // The stepper shows once the line is on the device (and in the outbox), so the page may be left.
  await page.locator('.buy-box .cart-stepper').waitFor();
  await screenshot(page, artifactsDir, 'hindi-product-390');

  // Cart → checkout.
  await openInApp(page, '/cart');
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
  await page.getByRole('heading', { name: 'ऑर्डर हो गया' }).waitFor();
  const { data: orders } = await apiGet(baseUrl, 'order/order-list', shopper.token);
  expect(orders).toHaveLength(1);
  expect(orders[0].product_details.map((line) => line.name)).toEqual([name]);
  await openInApp(page, '/dashboard/myorders');
  await page.getByRole('heading', { name: 'आपके ऑर्डर' }).waitFor();
  await expect(page.getByText(`ऑर्डर #${orders[0].orderId}`).first()).toBeVisible();
  await screenshot(page, artifactsDir, 'hindi-my-orders-390');
  await context.close();
});

/**
 * A first visit in Hindi (the choice kept on the device; the sign-in page) loads the Hindi texts and IndexedDB's code before the
 * service worker controls the page; neither is precached (docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md).
 * Once the worker controls the page it caches them, so offline, after reloads, home, the product seen and the
 * cart still open in Hindi.
 */
test('a Hindi first visit opens offline in Hindi: home, the product seen, the cart', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ locale: 'en-IN', viewport: PHONE });
  await context.addInitScript(() => localStorage.setItem('haat.language', 'hi-IN'));
  const page = await context.newPage();
  // The first visit is the sign-in page, in Hindi from its first render; the shop's home follows.
  const shopper = await apiShopper(baseUrl, 'hindi-offline');
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('ईमेल', { exact: true }).fill(shopper.email);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'लॉगिन करें', exact: true }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('heading', { name: 'कैटेगरी के हिसाब से खरीदें' }).waitFor();
  await serviceWorkerControls(page);
  const cached = () =>
    page.evaluate(async () => {
      const keys = await (await caches.open('haat-code')).keys();
      return keys.map((r) => new URL(r.url).pathname.replace(/^\/assets\/(.+)-[\w-]{7}\.js$/, '$1')).filter((n) => n === 'hi-IN' || n === 'db');
    });
  await expect.poll(async () => (await cached()).sort(), { message: 'the Hindi texts and storage code are cached', timeout: 20_000 }).toEqual(['db', 'hi-IN']);

  const product = (await inStockProducts(baseUrl, 10)).find((p) => p.variants.length === 0);
  await openInApp(page, `/product/p-${product._id}`);
  await page.getByRole('heading', { name: 'विवरण' }).waitFor();
  await page.getByRole('button', { name: 'कार्ट में डालें' }).first().click();
  await page
    .getByRole('group', { name: `${product.name} की मात्रा` })
    .first()
    .waitFor();

  await context.setOffline(true);
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { name: 'कैटेगरी के हिसाब से खरीदें' }).waitFor();
  await page.locator('.category-row .product-card').first().waitFor();
  await page.goto(`${baseUrl}/product/p-${product._id}`);
  await page.getByRole('heading', { name: 'विवरण' }).waitFor();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await page.goto(`${baseUrl}/cart`);
  await page.getByText('कुल रकम').first().waitFor();
  await expect(page.getByText(product.name).first()).toBeVisible();
  await screenshot(page, artifactsDir, 'hindi-offline-cart-390');
  await context.close();
});
