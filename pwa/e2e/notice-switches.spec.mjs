import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { apiGet, apiLogin, newShopper, openInApp, openSignedIn, registerByApi, screenshot } from './lib/shopper-steps.mjs';
import { seriousViolations } from './lib/axe.mjs';
import { proofLinkTo } from './lib/proof-mail.mjs';
import { expect, test } from './fixtures.mjs';

/**
 * My Profile's notice switches (docs/product.md#notices-and-consent) at 390 and 1366 px, in English and Hindi: order
 * updates by push and e-mail on, everything else off until the shopper turns it on; back in stock by e-mail asks for the
 * address's proof first (the link mailed from the note), and once proved the switch turned on is stored.
 */
test('notice-switches', async ({ baseUrl, dataDir, artifactsDir, launch }) => {
  const browser = await launch();
  const shopper = newShopper('notices');
  const shots = process.env.NOTICE_SHOTS_DIR;
  const keep = async (page, name) => {
    await screenshot(page, artifactsDir, name);
    if (shots && process.env.E2E_SCREENSHOTS === '1') {
      mkdirSync(shots, { recursive: true });
      copyFileSync(`${artifactsDir}/${name}.png`, `${shots}/${name}.png`);
    }
  };

  const english = await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } });
  const page = await english.newPage();
  await registerByApi(baseUrl, shopper);
  await openSignedIn(page, baseUrl, shopper.email, shopper.password, '/dashboard/profile');
  const switches = page.getByTestId('notice-switches');
  await expect(switches.getByRole('heading', { name: 'Notices' })).toBeVisible();
  await expect(page.getByLabel('Order updates by E-mail')).toBeChecked();
  await expect(page.getByLabel('Back in stock by E-mail')).not.toBeChecked();
  await expect(page.getByLabel('Price drops by E-mail')).not.toBeChecked();
  // Push is a column only where this device takes push (this browser does not): the grid says how to add it instead.
  await expect(page.getByLabel('Order updates by Push')).toHaveCount(0);
  await expect(page.getByTestId('notice-missing')).toContainText('Push:');
  const stored0 = (await apiGet(baseUrl, 'user/notices', await apiLogin(baseUrl, shopper.email, shopper.password))).data;
  assert.deepEqual(stored0.orderUpdates, { push: true, whatsapp: false, email: true });
  // Mailed only to a proved address: the first click asks for the proof, with the button that mails it.
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/user/notices') && r.request().method() === 'PUT');
  await page.getByLabel('Back in stock by E-mail').click();
  assert.equal((await refused).status(), 409);
  const proof = page.getByTestId('notice-proof');
  await expect(proof).toContainText('Verify your e-mail first');
  await expect(page.getByLabel('Back in stock by E-mail')).not.toBeChecked();
  await keep(page, 'notices-proof-en-390');
  await proof.getByRole('button', { name: 'Send verification link' }).click();
  await expect.poll(() => proofLinkTo(dataDir, shopper.email)).not.toBeNull();
  const confirmed = page.waitForResponse((r) => r.url().endsWith('/api/user/confirm-email'));
  const link = await proofLinkTo(dataDir, shopper.email);
  assert.ok(link, 'the proof mail has its link');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
  assert.equal((await confirmed).status(), 200);
  await expect(page.getByLabel('Back in stock by E-mail')).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/notices') && r.request().method() === 'PUT');
  // The box turns on once the server stored it (a click, not check(): the box follows the stored answer).
  await page.getByLabel('Back in stock by E-mail').click();
  assert.equal((await saved).status(), 200);
  await expect(page.getByLabel('Back in stock by E-mail')).toBeChecked();
  const accesstoken = await apiLogin(baseUrl, shopper.email, shopper.password);
  const stored = (await apiGet(baseUrl, 'user/notices', accesstoken)).data;
  assert.deepEqual(stored.backInStock, { push: false, whatsapp: false, email: true });
  assert.deepEqual(await seriousViolations(page), [], 'My Profile with its switches has no serious accessibility problem');
  await switches.scrollIntoViewIfNeeded();
  await keep(page, 'notices-en-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await keep(page, 'notices-en-1366');
  await english.close();

  const hindi = await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } });
  await hindi.addInitScript(() => localStorage.setItem('haat.language', 'hi-IN'));
  const hiPage = await hindi.newPage();
  await hiPage.goto(`${baseUrl}/login`);
  await hiPage.getByLabel('ईमेल', { exact: true }).fill(shopper.email);
  await hiPage.getByLabel('पासवर्ड', { exact: true }).fill(shopper.password);
  await hiPage.getByRole('button', { name: 'लॉगिन करें', exact: true }).click();
  await hiPage.waitForURL(`${baseUrl}/`);
  await openInApp(hiPage, '/dashboard/profile');
  await expect(hiPage.getByTestId('notice-switches').getByRole('heading', { name: 'सूचनाएँ' })).toBeVisible();
  await expect(hiPage.getByLabel('ई-मेल से स्टॉक में वापस')).toBeChecked();
  assert.deepEqual(await seriousViolations(hiPage), [], 'the Hindi profile has no serious accessibility problem');
  await keep(hiPage, 'notices-hi-390');
  await hiPage.setViewportSize({ width: 1366, height: 900 });
  await keep(hiPage, 'notices-hi-1366');
  await hindi.close();
});
