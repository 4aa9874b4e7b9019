import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listingPath, productPath } from '@haat/shared/routing/slug';
import { axeViolations } from './lib/axe.mjs';
import { proveEmailByApi } from './lib/proof-mail.mjs';
import { startPushStandIn } from './lib/push-stand-in.mjs';
import { apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiLogin, openInApp, openSignedIn, screenshot, signIn } from './lib/shopper-steps.mjs';
import { codeFromSms } from './lib/sms.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { startWhatsappStandIn } from './lib/whatsapp-stand-in.mjs';
import { expect, test } from './fixtures.mjs';

const WHATSAPP = { WHATSAPP_TOKEN: 'wa-token', WHATSAPP_PHONE_NUMBER_ID: '1098765', WHATSAPP_APP_SECRET: 'wa-app-secret' };

/** A call to the API as `token`; answers the body, failing the journey on a refusal. */
async function call(baseUrl, path, token, body, method = body ? 'POST' : 'GET') {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  assert.ok(res.ok, `${path}: ${res.status} ${answer.message}`);
  return answer;
}

/** The mails the API wrote into <dataDir>/mail for `email`, soft line breaks of quoted-printable joined. */
async function mailsTo(dataDir, email) {
  const folder = join(dataDir, 'mail');
  const files = (await readdir(folder).catch(() => [])).filter((f) => f.endsWith('.eml'));
  const texts = await Promise.all(files.map((f) => readFile(join(folder, f), 'utf8')));
  return texts.filter((text) => text.includes(email)).map((text) => text.replace(/=\r?\n/g, ''));
}

/**
 * Notify me, back in stock, and price drops (docs/product.md#back-in-stock, #price-drops): a signed-in shopper on a
 * phone taps "Notify me" on a sold-out product and finds it on My Account; the admin's product form says one shopper
 * waits, and the admin restocks it there; the notice reaches the shopper by push (through a local push service,
 * decrypted as the browser would), on WhatsApp at the verified mobile (through the stand-in) and by mail (the .eml
 * file), each with the product's link, and the wait ends. A wished product the admin makes cheaper shows
 * "Price dropped" on the wishlist. With E2E_SCREENSHOTS=1, the screens in English and Hindi at 390 and 1366 px.
 */
test('notify-me', async ({ artifactsDir, launch, startServer }) => {
  test.setTimeout(600_000);
  const push = await startPushStandIn();
  const whatsapp = await startWhatsappStandIn();
  const server = await startServer({ ...WHATSAPP, WHATSAPP_API_BASE: whatsapp.url, ...push.env });
  const { baseUrl, dataDir } = server;
  const browser = await launch();
  try {
    const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const [waited, wished, cheaper, listed] = await inStockProducts(baseUrl, 4);
    const soldOut = async (p) => call(baseUrl, 'product/admin/adjust-stock', admin, { productId: p._id, stock: 0, expectedStock: p.stock });
    for (const p of [waited, wished, listed]) await soldOut(p);

    // The shopper: a verified mobile, WhatsApp and every notice turned on, and a device that subscribed to push.
    const shopper = await apiShopper(baseUrl, 'notify');
    const mobile = `+917${String(Date.now()).slice(-9)}`;
    await call(baseUrl, 'user/mobile', shopper.token, { mobile, currentPassword: shopper.password });
    await call(baseUrl, 'user/mobile/verify', shopper.token, { mobile, otp: await codeFromSms(dataDir, mobile, 1) });
    await call(baseUrl, 'user/whatsapp', shopper.token, { on: true }, 'PUT');
    // Back in stock and price drops by every channel, as My Profile turns them on (off until the shopper says so), the
    // e-mail proved first (notices of this kind are mailed only to a proved address).
    await proveEmailByApi(baseUrl, dataDir, shopper.email, shopper.token);
    const every = { push: true, whatsapp: true, email: true };
    await call(baseUrl, 'user/notices', shopper.token, { orderUpdates: every, backInStock: every, priceDrops: every }, 'PUT');
    const device = push.subscription('/push/notify-shopper');
    await call(baseUrl, 'push/subscribe', shopper.token, device.json);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openSignedIn(page, baseUrl, shopper.email, shopper.password, productPath(waited));
    await page.getByRole('button', { name: `Notify me when ${waited.name} is back in stock` }).click();
    await expect(page.getByTestId('notify-me-waiting')).toHaveText('We will tell you when it is back');
    await expect.poll(async () => (await call(baseUrl, 'user/notify-me', shopper.token)).data.map((w) => w.productId)).toEqual([waited._id]);
    await openInApp(page, '/dashboard/notify-me');
    await expect(page.getByTestId('notify-me-item')).toHaveCount(1);
    await expect(page.getByTestId('notify-me-item')).toContainText(waited.name);

    // The admin sees who waits on the product's form and restocks it there.
    const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const adminPage = await desk.newPage();
    await openSignedIn(adminPage, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, `/dashboard/product?edit=${waited._id}`);
    await expect(adminPage.getByTestId('admin-waiting')).toHaveText('Notify me: 1 shopper waits for this to be back in stock.');
    await adminPage.getByLabel('Stock', { exact: true }).fill('5');
    await adminPage.getByRole('button', { name: 'Update Product' }).click();
    await expect(adminPage.getByRole('dialog')).toHaveCount(0);

    // The notice: push, WhatsApp, mail, each once, with the product's link; the wait has ended.
    const link = `${baseUrl}${productPath(waited)}`;
    await expect.poll(() => device.read().length, { message: 'the push notice', timeout: 30_000 }).toBe(1);
    const [notice] = device.read();
    assert.equal(notice.url, link);
    assert.match(notice.tag, /back-in-stock:/);
    assert.match(notice.title, /back in stock/i);
    const toMobile = () => whatsapp.messages.filter((m) => m.body.to === mobile.slice(1));
    await expect.poll(() => toMobile().length, { message: 'the WhatsApp notice', timeout: 30_000 }).toBe(1);
    assert.ok(JSON.stringify(toMobile()[0].body).includes(link), JSON.stringify(toMobile()[0].body));
    const backMails = async () => (await mailsTo(dataDir, shopper.email)).filter((m) => m.includes(link));
    await expect.poll(async () => (await backMails()).length, { message: 'the mail', timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await call(baseUrl, 'user/notify-me', shopper.token)).data).toEqual([]);

    // A wished product made cheaper shows "Price dropped" on the wishlist.
    for (const p of [wished, cheaper]) await call(baseUrl, 'wishlist/add', shopper.token, { productId: p._id });
    const lower = async (discount) =>
      call(baseUrl, 'product/update-product-details', admin, { _id: cheaper._id, discount: Math.min(cheaper.discount + discount, 90) }, 'PUT');
    await lower(5);
    await openInApp(page, '/dashboard/mywishlist');
    await expect(page.getByTestId('price-drop')).toHaveText(/^Price dropped ₹/);
    await expect(page.getByRole('button', { name: `Notify me when ${wished.name} is back in stock` })).toBeVisible();
    await context.close();
    await desk.close();

    if (process.env.E2E_SCREENSHOTS === '1') await shots({ browser, baseUrl, artifactsDir, shopper, listed, wished, lower });
  } finally {
    await browser.close();
    await server.stop();
    await push.stop();
    await whatsapp.stop();
  }
});

/**
 * The screens this work changed, in English and Hindi at 390 and 1366 px, each checked by axe (no violation): the
 * product page's and a card's Notify me, the wishlist with Notify me and Price dropped, My Account's list, the admin's
 * count. Copied to NOTIFY_SHOTS_DIR when set.
 */
async function shots({ browser, baseUrl, artifactsDir, shopper, listed, wished, lower }) {
  await call(baseUrl, 'product/notify-me', shopper.token, { productId: listed._id });
  const sessions = {};
  for (const [who, email, password] of [
    ['shopper', shopper.email, shopper.password],
    ['admin', ADMIN_EMAIL, ADMIN_PASSWORD],
  ]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, baseUrl, email, password);
    sessions[who] = await context.storageState();
    await context.close();
  }
  const out = process.env.NOTIFY_SHOTS_DIR;
  if (out) mkdirSync(out, { recursive: true });
  const found = [];
  let drop = 5;
  for (const language of ['en-IN', 'hi-IN'])
    for (const width of [390, 1366]) {
      const tag = `${language.slice(0, 2)}-${width}`;
      const take = async (page, name, options) => {
        // The pictures in view have loaded (a lazy one starts once the page is laid out).
        await page
          .waitForFunction(() => [...document.images].every((i) => i.complete || i.getBoundingClientRect().top > innerHeight), null, { timeout: 10_000 })
          .catch(() => undefined);
        // The bar of the axe sweep (a11y-sweep.spec.mjs): no serious or critical violation.
        const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
        found.push(...serious.map((v) => `${name} ${tag}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`));
        await screenshot(page, artifactsDir, `notify-me-${name}-${tag}`, options);
        if (out) copyFileSync(`${artifactsDir}/notify-me-${name}-${tag}.png`, join(out, `${name}-${tag}.png`));
      };
      for (const who of ['shopper', 'admin']) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: sessions[who] });
        await context.addInitScript((lang) => localStorage.setItem('haat.language', lang), language);
        const page = await context.newPage();
        await page.goto(`${baseUrl}/`);
        if (who === 'admin') {
          await openInApp(page, `/dashboard/product?edit=${listed._id}`);
          await page.getByTestId('admin-waiting').scrollIntoViewIfNeeded();
          await take(page, 'admin-count', { fullPage: false });
        } else {
          await openInApp(page, productPath(wished));
          await page.locator('.buy-box .notify-me').waitFor();
          await take(page, 'product-page', { fullPage: false });
          await openInApp(page, listingPath(wished.category[0], wished.subCategory[0]));
          const card = page.locator('.product-card').filter({ has: page.locator('.notify-me') });
          await card.first().scrollIntoViewIfNeeded();
          await take(page, 'card', { fullPage: false });
          await lower((drop += 3));
          await openInApp(page, '/dashboard/mywishlist');
          await page.getByTestId('price-drop').waitFor();
          await take(page, 'wishlist');
          await openInApp(page, '/dashboard/notify-me');
          await page.getByTestId('notify-me-item').first().waitFor();
          await take(page, 'my-account');
        }
        await context.close();
      }
    }
  expect(found).toEqual([]);
}
