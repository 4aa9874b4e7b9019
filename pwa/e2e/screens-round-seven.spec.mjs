import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { productPath } from '@haat/shared/routing/slug';
import { seriousViolations } from './lib/axe.mjs';
import { proofLinkTo, proveEmailByApi } from './lib/proof-mail.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiShopper, call as apiCall, deliveredOrders, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiLogin, openInApp, openSignedIn, screenshot } from './lib/shopper-steps.mjs';
import { codeFromSms } from './lib/sms.mjs';
import { ciOnlyUnless, expect, test } from './fixtures.mjs';

/** A call to the API as `token` (the fixtures' own, failing the journey on a refusal); answers the body. */
const call = (baseUrl, path, token, body, method) => apiCall(baseUrl, path, { token, body, method });

/** The mails the API wrote into <dataDir>/mail for `email`, as written (`raw`) and with the body's quoted-printable decoded. */
async function mailsTo(dataDir, email) {
  const folder = join(dataDir, 'mail');
  const files = (await readdir(folder).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
  const texts = await Promise.all(files.map((f) => readFile(join(folder, f), 'utf8')));
  return texts
    .filter((text) => text.includes(email))
    .map((raw) =>
      Object.assign(
        new String(
          Buffer.from(
            raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
        ),
        { raw },
      ),
    );
}

/** A header of a raw mail, its folded lines joined. */
const header = (raw, name) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' '))?.[1];

/** Switches the signed-in page to `lang` as the shopper's kept choice does (a reload in it). */
async function inLanguage(page, lang) {
  if (lang === 'en-IN') return;
  await page.evaluate((l) => localStorage.setItem('haat.language', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** What has focus, said so a failure reads: the element's tag, role, name and test id. */
const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return [el.tagName.toLowerCase(), el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 60), el.getAttribute('data-testid') ?? '']
      .filter(Boolean)
      .join(' | ');
  });

/**
 * Notify me that keeps its word, and the unsubscribe page (docs/product.md#back-in-stock, #notices-and-consent): a new
 * account proves its e-mail by the shop's own link, taps Notify me on a sold-out product, is asked by which channel (no
 * back-in-stock channel is on), chooses e-mail; its list says so; a restock mails it. The mail's unsubscribe link, opened
 * in the browser, is a page of the shop (English and Hindi, 390 and 1366 px) whose button stops the mails on the server.
 */
test('notify me by e-mail, then unsubscribe in the browser', async ({ baseUrl, dataDir, artifactsDir, launch }) => {
  test.setTimeout(420_000);
  const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const [product] = await inStockProducts(baseUrl, 1);
  await call(baseUrl, 'product/admin/adjust-stock', admin, { productId: product._id, stock: 0, expectedStock: product.stock });
  const shopper = await apiShopper(baseUrl, 'keepsword');

  const browser = await launch();
  const context = await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The shop's own proof of the address: My Profile's link, mailed, opened on the device the shopper is signed in on.
  await call(baseUrl, 'user/verify-email', shopper.token, {});
  /** @type {string | null} */
  let link = null;
  await expect.poll(async () => (link = await proofLinkTo(dataDir, shopper.email)), { timeout: 15_000 }).not.toBeNull();
  await openSignedIn(page, baseUrl, shopper.email, shopper.password, String(link).replace(/^https?:\/\/[^/]+/, ''));
  await expect.poll(async () => (await call(baseUrl, 'user/user-details', shopper.token)).data.verify_email).toBe(true);
  // Proving one's own address is not "your address changed".
  assert.equal((await mailsTo(dataDir, shopper.email)).filter((m) => /address was changed/.test(String(m))).length, 0);

  // Notify me: no channel on, so the tap asks by which; focus goes to the choice, then to the line that says it is asked.
  await openInApp(page, productPath(product));
  await expect(page.getByTestId('bullet-fast')).toContainText('no date');
  await page.getByRole('button', { name: `Notify me when ${product.name} is back in stock` }).click();
  const choice = page.getByTestId('notify-me-choice');
  await expect(choice).toBeVisible();
  const byMail = choice.getByRole('button', { name: `E-mail to ${shopper.email}` });
  await expect(byMail).toBeFocused();
  assert.deepEqual(await seriousViolations(page), [], 'the channel choice');
  await screenshot(page, artifactsDir, 'r7-notify-choice-en-390', { fullPage: false });
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, artifactsDir, 'r7-notify-choice-en-1366', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await byMail.press('Enter');
  await expect(page.getByTestId('notify-me-waiting')).toBeFocused();
  await expect
    .poll(async () => (await call(baseUrl, 'user/notify-me', shopper.token)).data.map((w) => [w.productId, w.channels]))
    .toEqual([[product._id, ['email']]]);
  assert.deepEqual((await call(baseUrl, 'user/notices', shopper.token)).data.backInStock, { push: false, whatsapp: false, email: true });
  await openInApp(page, '/dashboard/notify-me');
  await expect(page.getByTestId('notify-me-by')).toHaveText('We will tell you by e-mail.');
  await screenshot(page, artifactsDir, 'r7-notify-list-en-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, artifactsDir, 'r7-notify-list-en-1366');
  await page.setViewportSize({ width: 390, height: 844 });

  // In Hindi, an account whose address is not proved yet: the choice says mail goes only to a verified one.
  const other = await apiShopper(baseUrl, 'keepswordhi');
  const hindi = await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } });
  const hiPage = await hindi.newPage();
  await openSignedIn(hiPage, baseUrl, other.email, other.password, productPath(product), { language: 'hi-IN' });
  await expect(hiPage.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await hiPage.getByRole('button', { name: `${product.name} स्टॉक में वापस आने पर मुझे बताएँ` }).click();
  await expect(hiPage.getByTestId('notify-me-choice')).toContainText('सिर्फ़ सत्यापित पते पर');
  assert.deepEqual(await seriousViolations(hiPage), [], 'the Hindi channel choice');
  await screenshot(hiPage, artifactsDir, 'r7-notify-choice-hi-390', { fullPage: false });
  await hiPage.setViewportSize({ width: 1366, height: 900 });
  await screenshot(hiPage, artifactsDir, 'r7-notify-choice-hi-1366', { fullPage: false });
  await hiPage.getByRole('button', { name: `${other.email} पर ई-मेल` }).click();
  await expect(hiPage.getByTestId('notify-me-waiting')).toBeFocused();
  await openInApp(hiPage, '/dashboard/notify-me');
  await expect(hiPage.getByTestId('notify-me-item')).toHaveCount(1);
  await screenshot(hiPage, artifactsDir, 'r7-notify-list-hi-1366');
  await hiPage.setViewportSize({ width: 390, height: 844 });
  await screenshot(hiPage, artifactsDir, 'r7-notify-list-hi-390');
  await hindi.close();

  // The restock mails it, with the product's link and the one-click unsubscribe.
  await call(baseUrl, 'product/admin/adjust-stock', admin, { productId: product._id, stock: 6, expectedStock: 0 });
  const back = async () => (await mailsTo(dataDir, shopper.email)).find((m) => m.includes(`${baseUrl}${productPath(product)}`));
  await expect.poll(back, { message: 'the back-in-stock mail', timeout: 30_000 }).toBeTruthy();
  const mail = await back();
  assert.ok(mail, 'the back-in-stock mail');
  const unsubscribe = /^<([^>]+)>$/.exec(header(mail.raw, 'List-Unsubscribe') ?? '')?.[1];
  assert.ok(unsubscribe, 'the mail carries its unsubscribe link');

  // The link in a browser: a page of the shop, whose button works (its policy lets its own form post).
  const csp = [];
  page.on('console', (m) => /Content Security Policy|Blocked form submission/i.test(m.text()) && csp.push(m.text()));
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { name: 'Stop back-in-stock notices by e-mail?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Haat' })).toHaveAttribute('href', `${baseUrl}/`);
  assert.deepEqual(await seriousViolations(page), [], 'the unsubscribe page');
  await screenshot(page, artifactsDir, 'r7-unsubscribe-en-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, artifactsDir, 'r7-unsubscribe-en-1366');
  await page.getByRole('button', { name: 'Stop them' }).click();
  await expect(page.getByRole('heading', { name: 'Stopped' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('You will get no more back-in-stock notices by e-mail. You can turn them on again in My Profile.');
  await expect(page.getByRole('link', { name: 'My Profile: Notices' })).toHaveAttribute('href', `${baseUrl}/dashboard/profile#notices`);
  assert.deepEqual((await call(baseUrl, 'user/notices', shopper.token)).data.backInStock, { push: false, whatsapp: false, email: false });
  assert.deepEqual(csp, [], 'nothing on the page was blocked');
  await screenshot(page, artifactsDir, 'r7-unsubscribed-en-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, artifactsDir, 'r7-unsubscribed-en-390');

  // In Hindi: the page's own language link; the button works there too.
  await call(
    baseUrl,
    'user/notices',
    shopper.token,
    { ...(await call(baseUrl, 'user/notices', shopper.token)).data, backInStock: { push: false, whatsapp: false, email: true } },
    'PUT',
  );
  await page.goto(unsubscribe);
  await page.getByRole('link', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: 'ई-मेल से स्टॉक में वापसी की सूचनाएँ बंद करें?' })).toBeVisible();
  assert.deepEqual(await seriousViolations(page), [], 'the Hindi unsubscribe page');
  await screenshot(page, artifactsDir, 'r7-unsubscribe-hi-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, artifactsDir, 'r7-unsubscribe-hi-1366');
  await page.getByRole('button', { name: 'बंद करें' }).click();
  await expect(page.getByRole('status')).toContainText('स्टॉक में वापसी की सूचनाएँ नहीं मिलेंगी');
  assert.deepEqual((await call(baseUrl, 'user/notices', shopper.token)).data.backInStock, { push: false, whatsapp: false, email: false });
  await screenshot(page, artifactsDir, 'r7-unsubscribed-hi-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, artifactsDir, 'r7-unsubscribed-hi-390');
  await context.close();
  await browser.close();
});

/**
 * Focus never falls to the page (docs/product.md#keyboard-and-screen-readers): by keyboard alone, each notice switch
 * keeps focus through its save; My Profile's Send code hands it to the code box and Verify to the line saying the
 * number is verified; the import screen's Check file hands it to its answer and Apply to the job's progress.
 */
test('keyboard: focus stays after each save on notices, My Profile and the import screen', async ({ baseUrl, dataDir, artifactsDir, launch }) => {
  test.setTimeout(300_000);
  const shopper = await apiShopper(baseUrl, 'keyboard');
  const browser = await launch();
  const context = await browser.newContext({ locale: 'en-IN', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  // Back in stock and price drops are mailed only to a proved address (docs/product.md#notices-and-consent): proved first.
  await proveEmailByApi(baseUrl, dataDir, shopper.email, shopper.token);
  await openSignedIn(page, baseUrl, shopper.email, shopper.password, '/dashboard/profile');
  const grid = page.getByTestId('notice-switches');
  await expect(grid.getByRole('checkbox').first()).toBeVisible();
  // No push column where this device takes no push: the grid says how to add it instead.
  await expect(grid.getByRole('columnheader')).toHaveText(['Notice', 'E-mail']);
  await expect(page.getByTestId('notice-missing')).toContainText('Push:');

  for (const name of ['Back in stock by E-mail', 'Price drops by E-mail', 'Back in stock by E-mail']) {
    const box = page.getByLabel(name);
    await box.focus();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/notices') && r.request().method() === 'PUT');
    await page.keyboard.press('Space');
    assert.equal((await saved).status(), 200);
    await expect.poll(() => focused(page), { message: `after saving ${name}` }).toContain(name);
  }
  const stored = (await call(baseUrl, 'user/notices', shopper.token)).data;
  assert.deepEqual([stored.backInStock.email, stored.priceDrops.email], [false, true]);
  await screenshot(page, artifactsDir, 'r7-notices-en-1366');

  // Send code → the code box; Verify → the line that says the number is verified.
  const mobile = `+917${String(Date.now()).slice(-9)}`;
  await page.getByLabel('Mobile number to verify', { exact: true }).fill(mobile.slice(3));
  await page
    .locator('#mobile')
    .getByLabel(/password/i)
    .fill(shopper.password);
  const send = page.getByRole('button', { name: 'Send code' });
  await send.focus();
  await page.keyboard.press('Enter');
  const codeBox = page.getByLabel(/code sent to/i);
  await expect(codeBox).toBeFocused();
  await page.keyboard.type(await codeFromSms(dataDir, mobile, 1));
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page), { message: 'after Verify' }).toContain('verified');
  await context.close();

  // The import screen, as an admin with the keyboard.
  const desk = await browser.newContext({ locale: 'en-IN', viewport: { width: 1366, height: 900 } });
  const adminPage = await desk.newPage();
  await openSignedIn(adminPage, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/catalog-import');
  const tag = Date.now().toString(36).toUpperCase();
  const category = (await call(baseUrl, 'category/get')).data[0].name;
  const header = 'sku,product_sku,name,category,subcategory,brand,unit,option,price,discount,stock,stock_exported,hsn,gst_rate,description,pictures';
  const rows = [
    `KEY-${tag},,Keyboard atta ${tag},${category},,Haat,5 kg,,249,5,40,,1101,5,Stone ground,`,
    `KEY-BAD-${tag},,Bad ${tag},${category},,,1 l,,1.999,,10,,2106,7,,`,
  ];
  await adminPage.getByTestId('catalog-import-file').setInputFiles({ name: 'c.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await adminPage.getByTestId('catalog-import-check').focus();
  await adminPage.keyboard.press('Enter');
  await expect(adminPage.getByRole('heading', { name: 'What the import will do' })).toBeFocused();
  // The counts are rows and add up: 1 new, 1 with errors (two bad cells), of 2.
  await expect(adminPage.getByTestId('catalog-import-total')).toContainText('2');
  await expect(adminPage.getByTestId('catalog-import-creates')).toContainText('1');
  await expect(adminPage.getByTestId('catalog-import-errorRows')).toContainText('1');
  await expect(adminPage.getByTestId('catalog-import-errorCount')).toHaveText('2 problems in these rows, by cell:');
  await expect(adminPage.getByTestId('catalog-import-apply')).toHaveText('Apply 1 change');
  assert.deepEqual(await seriousViolations(adminPage), [], 'the import report');
  await screenshot(adminPage, artifactsDir, 'r7-import-en-1366');
  await adminPage.getByTestId('catalog-import-apply').focus();
  await adminPage.keyboard.press('Enter');
  await expect(adminPage.getByTestId('catalog-import-job').getByRole('heading')).toBeFocused();
  // The same report in Hindi, at both widths.
  await inLanguage(adminPage, 'hi-IN');
  await adminPage.getByTestId('catalog-import-file').setInputFiles({ name: 'c.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await adminPage.getByTestId('catalog-import-check').click();
  // The new file's answer takes the place of the last job's: one report on the screen.
  await expect(adminPage.getByTestId('catalog-import-report').getByTestId('catalog-import-errorRows')).toContainText('1');
  await expect(adminPage.getByTestId('catalog-import-job')).toHaveCount(0);
  await screenshot(adminPage, artifactsDir, 'r7-import-hi-1366');
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await screenshot(adminPage, artifactsDir, 'r7-import-hi-390');
  await desk.close();
  await browser.close();
});

/**
 * The states a shopper met (docs/product.md#buy-again-and-order-again, #screens), in English and Hindi at 390 and 1366
 * px: a sold-out product bought before offers Notify me on its Buy again card; its page promises no delivery date;
 * Order again's note on the cart stays after a reload; after a new sign-in checkout has one of two saved addresses
 * chosen; with none, a tap on Cash on Delivery answers beside the button (announced), not in a toast at the top. Each
 * language and width is a journey of its own on one shopper's orders; a newcomer's run keeps the first of each
 * (docs/testing.md#what-only-ci-runs).
 */
test.describe('states', () => {
  /** @type {{ products: any[], shopper: any, orderIds: string[] }} */
  let made;
  test.beforeAll(async ({ baseUrl }) => {
    test.setTimeout(180_000);
    const { admin, products, shopper, orderIds } = await deliveredOrders(
      baseUrl,
      'states',
      ['Jeera', 'Hing'],
      [
        [
          [0, 1],
          [1, 1],
        ],
      ],
    );
    await call(baseUrl, 'product/admin/adjust-stock', admin, { productId: products[0]._id, stock: 0, expectedStock: 29 });
    await call(baseUrl, 'address/create', shopper.token, {
      name: 'Asha Verma',
      building: '7 Park Street',
      address_line: 'Park Street',
      district: 'Kolkata',
      city: 'Kolkata',
      state: 'West Bengal',
      country: 'India',
      pincode: '700016',
      mobile: '9876543210',
    });
    made = { products, shopper, orderIds };
  });

  /** @type {Array<[string, number]>} */
  const states = [
    ['en-IN', 390],
    ['hi-IN', 1366],
    ['en-IN', 1366],
    ['hi-IN', 390],
  ];
  for (const [i, [lang, width]] of states.entries())
    test(
      `Buy again sold out, its page, Order again after a reload, checkout address, ${lang} ${width}`,
      ciOnlyUnless(i === 0),
      async ({ baseUrl, artifactsDir, launch }) => {
        const { products, shopper, orderIds } = made;
        const [jeera] = products;
        const browser = await launch();
        const tag = `${lang.slice(0, 2)}-${width}`;
        const context = await browser.newContext({ locale: 'en-IN', viewport: { width, height: width === 390 ? 844 : 900 } });
        const page = await context.newPage();
        await openSignedIn(page, baseUrl, shopper.email, shopper.password, '/dashboard/myorders', { language: lang });
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const notifyName = lang === 'en-IN' ? `Notify me when ${jeera.name} is back in stock` : `${jeera.name} स्टॉक में वापस आने पर मुझे बताएँ`;

        // Buy again: the sold-out unit offers Notify me, not a dead Add.
        await openInApp(page, '/dashboard/myorders');
        const card = page.getByTestId('buy-again-card').filter({ hasText: jeera.name });
        await expect(card.getByRole('button', { name: notifyName })).toBeVisible();
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, artifactsDir, `r7-buy-again-${tag}`, { fullPage: false });

        // Its page promises no date.
        await openInApp(page, productPath(jeera));
        await expect(page.getByTestId('bullet-fast')).toHaveText(
          lang === 'en-IN'
            ? 'Free delivery once it is back in stock; until then we promise no date.'
            : 'स्टॉक में वापस आने पर मुफ़्त डिलीवरी; तब तक हम कोई तारीख नहीं बताते।',
        );
        await page.getByTestId('bullet-fast').scrollIntoViewIfNeeded();
        await screenshot(page, artifactsDir, `r7-sold-out-${tag}`, { fullPage: false });

        // Order again: the note on the cart stays after a reload.
        await openInApp(page, '/dashboard/myorders');
        const delivered = page.getByRole('tab', { name: /\(1\)/ });
        await delivered.click();
        await page.getByTestId('order-card').filter({ hasText: orderIds[0] }).getByTestId('order-again').click();
        await page.waitForURL(`${baseUrl}/cart`);
        const notices = page.getByTestId('cart-notices');
        await expect(notices).toContainText(jeera.name);
        await page.reload();
        await expect(page.getByTestId('cart-notices')).toContainText(jeera.name);
        await screenshot(page, artifactsDir, `r7-order-again-reload-${tag}`, { fullPage: false });

        // Checkout after a new sign-in: one of the two saved addresses is chosen.
        await page.goto(`${baseUrl}/checkout`);
        await expect(page.getByTestId('address-option')).toHaveCount(2);
        await expect(page.getByTestId('address-option').locator('input:checked')).toHaveCount(1);
        assert.deepEqual(await seriousViolations(page), [], `checkout ${tag}`);
        await context.close();
      },
    );

  /** @type {Array<[string, number]>} */
  const screens = [
    ['en-IN', 390],
    ['en-IN', 1366],
    ['hi-IN', 390],
    ['hi-IN', 1366],
  ];
  for (const [i, [lang, width]] of screens.entries())
    test(`Pay with no address left answers beside the button, ${lang} ${width}`, ciOnlyUnless(i === 0), async ({ baseUrl, artifactsDir, launch }) => {
      const { shopper } = made;
      // With no address left: the first of these journeys takes away the two the states above need.
      for (const { _id } of (await call(baseUrl, 'address/get', shopper.token)).data) await call(baseUrl, 'address/disable', shopper.token, { _id }, 'DELETE');
      const browser = await launch();
      const context = await browser.newContext({ locale: 'en-IN', viewport: { width, height: width === 390 ? 844 : 900 } });
      const page = await context.newPage();
      await openSignedIn(page, baseUrl, shopper.email, shopper.password, '/checkout', { language: lang });
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const cod = page.getByRole('button', { name: lang === 'en-IN' ? 'Cash on Delivery' : /कैश ऑन डिलीवरी/ });
      await cod.click();
      const refusal = page.getByTestId('pay-refusal');
      await expect(refusal).toHaveAttribute('role', 'alert');
      await expect(refusal).toHaveText(lang === 'en-IN' ? 'Please select a delivery address.' : /पता/);
      await expect(page.locator('.toast--error')).toHaveCount(0);
      await refusal.scrollIntoViewIfNeeded();
      await screenshot(page, artifactsDir, `r7-pay-refusal-${lang.slice(0, 2)}-${width}`, { fullPage: false });
      await context.close();
    });
});
