// Photographs every main screen at a phone's and a desktop's size, for people to look at: login, register and
// forgot password; the home page, a listing, a product page, a typo search, /cart, /checkout with a cart,
// /success after an order, the shopper's orders, wishlist, profile and addresses; and the admin's overview,
// Manage Orders, product form, product list, category, sub category and all-orders pages with several orders. Starts the built server with the demo catalogue
// (run `npm run build` first), makes the orders through the API as shoppers would, and writes PNGs to
// pwa/e2e/artifacts/screens/ (git-ignored). Run: cd pwa && node e2e/screenshots.mjs
// The shopper's path, the info pages, the admin's menu and the admin's overview, sub category and product form
// in Hindi too (hi-*.png: a browser whose language is Hindi; docs/product.md#languages); SCREENS=hi takes only those.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLauncher } from './lib/browser.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer } from './lib/server.mjs';
import { addFromHome, signIn } from './lib/shopper-steps.mjs';
import { apiOrder, apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const screensDir = join(here, 'artifacts', 'screens');
mkdirSync(screensDir, { recursive: true });

const VIEWPORTS = [
  { name: '390', width: 390, height: 844 },
  { name: '1366', width: 1366, height: 900 },
];

const server = await startServer();
const { baseUrl } = server;
const launcher = createLauncher();
const saved = [];
let failed = false;

/** A few shoppers and their orders, one of them with a long address, for the admin's order screens. */
async function seedOrders() {
  const products = await inStockProducts(baseUrl, 4);
  const asha = await apiShopper(baseUrl, 'asha');
  const ravi = await apiShopper(baseUrl, 'ravi', {
    name: 'Ravi Shankar Venkataraman',
    building: 'Flat 1204, Tower B, Prestige Lakeside Habitat, Varthur Hobli',
    address_line: 'Gunjur Village Road, near Sri Venkateshwara Temple, opposite the Bus Depot',
    district: 'Bengaluru Urban',
    city: 'Bengaluru',
    pincode: '560087',
  });
  const meera = await apiShopper(baseUrl, 'meera', { name: 'Meera Iyer', city: 'Chennai', state: 'Tamil Nadu', district: 'Chennai', pincode: '600001' });
  await apiOrder(baseUrl, asha, [[products[0], 2]]);
  await apiOrder(baseUrl, ravi, [
    [products[1], 1],
    [products[2], 3],
  ]);
  await apiOrder(baseUrl, meera, [[products[3], 1]]);
  await apiOrder(baseUrl, asha, [
    [products[2], 1],
    [products[0], 1],
  ]);
  await apiOrder(baseUrl, ravi, [[products[3], 2]]);
}

async function shot(page, viewport, name) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts?.ready);
  const path = join(screensDir, `${name}-${viewport.name}.png`);
  await page.screenshot({ path, fullPage: false });
  saved.push(path);
}

/** Runs one screen's steps; a screen that fails is reported and the others still get their picture. */
async function step(label, run) {
  try {
    await run();
  } catch (error) {
    failed = true;
    console.log(`✗ ${label}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  }
}

try {
  if (process.env.SCREENS !== 'hi') await seedOrders();
  const browser = await launcher.launch();
  for (const viewport of VIEWPORTS) {
    const size = { viewport: { width: viewport.width, height: viewport.height } };

    // The shopper's path in Hindi: the browser's language picks it (home, product), then the stored choice
    // (cart, checkout; signed in and filled in English with the shared steps first).
    const hindiContext = await browser.newContext({ ...size, locale: 'hi-IN' });
    const hindi = await hindiContext.newPage();
    const hindiShopper = await apiShopper(baseUrl, `hindi${viewport.name}`);
    await step(`hi-home ${viewport.name}`, async () => {
      await hindi.goto(`${baseUrl}/`);
      await hindi.getByRole('heading', { name: 'कैटेगरी के हिसाब से खरीदें' }).waitFor();
      await hindi.locator('.home__rows .product-card__link').first().waitFor();
      await shot(hindi, viewport, 'hi-home');
    });
    await step(`hi-product ${viewport.name}`, async () => {
      await hindi.locator('.home__rows .product-card__link').first().click();
      await hindi.waitForURL(/\/product\//);
      await hindi.getByRole('heading', { name: 'विवरण' }).waitFor();
      await shot(hindi, viewport, 'hi-product');
    });
    await step(`hi-cart and hi-checkout ${viewport.name}`, async () => {
      await hindi.evaluate(() => localStorage.setItem('haat.language', 'en-IN'));
      await signIn(hindi, baseUrl, hindiShopper.email, hindiShopper.password);
      await addFromHome(hindi, baseUrl, 2);
      await hindi.evaluate(() => localStorage.setItem('haat.language', 'hi-IN'));
      await hindi.goto(`${baseUrl}/cart`);
      await hindi.getByText('आपकी कुल बचत').waitFor();
      await shot(hindi, viewport, 'hi-cart');
      await hindi.goto(`${baseUrl}/checkout`);
      const radio = hindi.getByTestId('address-option').first().getByRole('radio');
      await radio.waitFor();
      if (!(await radio.isChecked())) await radio.check();
      await shot(hindi, viewport, 'hi-checkout');
    });
    await step(`hi-about and hi-contact ${viewport.name}`, async () => {
      await hindi.goto(`${baseUrl}/about`);
      await hindi.getByRole('heading', { level: 1, name: 'Haat के बारे में' }).waitFor();
      await shot(hindi, viewport, 'hi-about');
      await hindi.goto(`${baseUrl}/contact`);
      await hindi.getByRole('heading', { level: 1, name: 'संपर्क करें' }).waitFor();
      await shot(hindi, viewport, 'hi-contact');
      // The form's own check, in Hindi (docs/product.md#languages).
      await hindi.getByRole('button', { name: 'मैसेज भेजें' }).click();
      await hindi.getByRole('alert').first().scrollIntoViewIfNeeded();
      await shot(hindi, viewport, 'hi-contact-errors');
    });
    await hindiContext.close();
    // The admin's account menu in Hindi, with its language switch: the /user page on a phone, the dashboard's side menu on a desktop.
    await step(`hi-admin-menu ${viewport.name}`, async () => {
      const adminContext = await browser.newContext({ ...size, locale: 'hi-IN' });
      const admin = await adminContext.newPage();
      await admin.goto(`${baseUrl}/`);
      await admin.evaluate(() => localStorage.setItem('haat.language', 'en-IN'));
      await signIn(admin, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
      await admin.evaluate(() => localStorage.setItem('haat.language', 'hi-IN'));
      await admin.goto(`${baseUrl}${viewport.width < 768 ? '/user' : '/dashboard/profile'}`);
      const languageSwitch = admin.locator('.account-menu .language-switch').first();
      await languageSwitch.waitFor();
      await languageSwitch.scrollIntoViewIfNeeded();
      await shot(admin, viewport, 'hi-admin-menu');
      await adminContext.close();
    });

    // The admin's screens in Hindi: signed in with the shared (English) steps, then the stored choice is Hindi.
    // The product form is submitted empty, so its problems show in Hindi under their fields.
    const hindiAdminContext = await browser.newContext({ ...size, locale: 'hi-IN' });
    const hindiAdmin = await hindiAdminContext.newPage();
    await step(`hi-admin ${viewport.name}`, async () => {
      await hindiAdmin.goto(`${baseUrl}/`);
      await hindiAdmin.evaluate(() => localStorage.setItem('haat.language', 'en-IN'));
      await signIn(hindiAdmin, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
      await hindiAdmin.evaluate(() => localStorage.setItem('haat.language', 'hi-IN'));
    });
    for (const [path, heading, ready, name] of [
      ['/dashboard', 'ओवरव्यू', '.overview-figures', 'hi-dashboard-overview'],
      ['/dashboard/subcategory', 'सब-कैटेगरी', '.admin-table tbody tr', 'hi-dashboard-subcategory'],
      ['/dashboard/upload-product', 'प्रोडक्ट अपलोड करें', 'form', 'hi-dashboard-product-form'],
    ]) {
      await step(`${name} ${viewport.name}`, async () => {
        await hindiAdmin.goto(`${baseUrl}${path}`);
        await hindiAdmin.getByRole('heading', { level: 1, name: heading }).waitFor();
        await hindiAdmin.locator(ready).first().waitFor();
        if (path === '/dashboard/upload-product') {
          await hindiAdmin.getByRole('button', { name: 'सेव करें' }).click();
          await hindiAdmin.getByText('नाम भरना ज़रूरी है').first().waitFor();
          await hindiAdmin.evaluate(() => window.scrollTo(0, 0));
        }
        await shot(hindiAdmin, viewport, name);
      });
    }
    await hindiAdminContext.close();
    if (process.env.SCREENS === 'hi') continue;

    // A shopper: listing, product page, checkout with a cart, success after a cash-on-delivery order.
    const shopperContext = await browser.newContext(size);
    const page = await shopperContext.newPage();
    const shopper = await apiShopper(baseUrl, `shots${viewport.name}`);
    // Two products on the shopper's wishlist, so its page shows cards.
    for (const product of (await inStockProducts(baseUrl, 2)).slice(0, 2)) {
      await fetch(`${baseUrl}/api/wishlist/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
        body: JSON.stringify({ productId: product._id }),
      });
    }
    for (const [path, name] of [
      ['/login', 'login'],
      ['/register', 'register'],
      ['/forgot-password', 'forgot-password'],
    ]) {
      await step(`${name} ${viewport.name}`, async () => {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await shot(page, viewport, name);
      });
    }
    await step(`home ${viewport.name}`, async () => {
      await page.goto(`${baseUrl}/`);
      await page.locator('.home__rows .product-card__link').first().waitFor();
      await shot(page, viewport, 'home');
    });
    await step(`listing ${viewport.name}`, async () => {
      await page.goto(`${baseUrl}/`);
      await page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first().click();
      await page.waitForURL((url) => url.pathname.split('/').length === 3);
      await page.locator('.product-grid .product-card').first().waitFor();
      await shot(page, viewport, 'listing');
    });
    await step(`product ${viewport.name}`, async () => {
      await page.locator('.product-grid .product-card .product-card__link').first().click();
      await page.waitForURL(/\/product\//);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot(page, viewport, 'product');
    });
    await step(`search ${viewport.name}`, async () => {
      // A typo, so the page says what it searched for instead.
      await page.goto(`${baseUrl}/search?q=earbds`);
      await page.locator('.product-grid .product-card').first().waitFor();
      await shot(page, viewport, 'search');
    });
    await step(`checkout ${viewport.name}`, async () => {
      await signIn(page, baseUrl, shopper.email, shopper.password);
      await addFromHome(page, baseUrl, 2);
      await page.goto(`${baseUrl}/cart`);
      await page.getByText('Grand total', { exact: false }).first().waitFor();
      await shot(page, viewport, 'cart');
      await page.goto(`${baseUrl}/checkout`);
      const radio = page.getByTestId('address-option').first().getByRole('radio');
      await radio.waitFor();
      if (!(await radio.isChecked())) await radio.check();
      await shot(page, viewport, 'checkout');
    });
    await step(`success ${viewport.name}`, async () => {
      await page.getByRole('button', { name: 'Cash on Delivery' }).click();
      await page.waitForURL(/\/success\?order=/);
      await page.getByTestId('order-id').waitFor();
      await shot(page, viewport, 'success');
    });
    await step(`profile ${viewport.name}`, async () => {
      await page.goto(`${baseUrl}/dashboard/profile`);
      await page.getByRole('heading', { name: 'Order updates' }).waitFor();
      await shot(page, viewport, 'profile');
    });
    for (const [path, heading, ready, name] of [
      ['/dashboard/myorders', 'Your Orders', '[data-testid="order-card"]', 'my-orders'],
      ['/dashboard/mywishlist', 'My Wishlist', null, 'wishlist'],
      ['/dashboard/address', 'My Addresses', null, 'addresses'],
    ]) {
      await step(`${name} ${viewport.name}`, async () => {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        if (ready) await page.locator(ready).first().waitFor();
        await shot(page, viewport, name);
      });
    }
    await shopperContext.close();

    // The admin's screens.
    const adminContext = await browser.newContext(size);
    const admin = await adminContext.newPage();
    await step(`admin sign-in ${viewport.name}`, () => signIn(admin, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD));
    for (const [path, heading, ready, name] of [
      ['/dashboard', 'Overview', null, 'dashboard-overview'],
      ['/dashboard/myorders', 'Manage Orders', '[data-testid="order-card"]', 'dashboard-manage-orders'],
      ['/dashboard/upload-product', 'Upload Product', 'form', 'dashboard-product-form'],
      ['/dashboard/product', 'Admin Products', null, 'dashboard-products'],
    ]) {
      await step(`${name} ${viewport.name}`, async () => {
        await admin.goto(`${baseUrl}${path}`);
        await admin.getByRole('heading', { level: 1, name: heading }).waitFor();
        if (ready) await admin.locator(ready).first().waitFor();
        await shot(admin, viewport, name);
      });
    }
    for (const [path, heading, name] of [
      ['/dashboard/category', 'Category Management', 'dashboard-category'],
      ['/dashboard/subcategory', 'Sub Category', 'dashboard-subcategory'],
      ['/dashboard/allorders', 'All Orders', 'dashboard-allorders'],
    ]) {
      await step(`${name} ${viewport.name}`, async () => {
        await admin.goto(`${baseUrl}${path}`);
        await admin.getByRole('heading', { level: 1, name: heading }).waitFor();
        await admin.locator('[data-testid="category-card"], .admin-table tbody tr, [data-testid="all-orders-row"]').first().waitFor();
        await shot(admin, viewport, name);
      });
    }
    await adminContext.close();
  }
} finally {
  await launcher.closeAll();
  await server.stop();
}
for (const path of saved) console.log(path);
console.log(`${saved.length} screenshots in ${screensDir}${failed ? ' (some screens failed, see above)' : ''}`);
process.exit(failed ? 1 : 0);
