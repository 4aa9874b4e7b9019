import assert from 'node:assert/strict';
import { seriousViolations } from './lib/axe.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { openInApp, screenshot, signIn } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/**
 * The admin's SMS budget (docs/product.md#rules-and-limits) at 390 and 1366 px, in English and Hindi: a stranger's
 * sign-in code shows in the hour's figures, and the admin raises the budget, which the next read shows.
 */
test('sms-budget', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  // A stranger asks for a sign-in code: one text of the open share.
  const asked = await fetch(`${baseUrl}/api/user/login-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: `+917${String(Date.now()).slice(-9)}` }),
  });
  assert.equal(asked.status, 200);

  for (const [language, width] of [
    ['en-IN', 390],
    ['hi-IN', 1366],
  ]) {
    const context = await browser.newContext({ locale: 'en-IN', viewport: { width, height: 900 } });
    if (language === 'hi-IN') await context.addInitScript(() => localStorage.setItem('haat.language', 'hi-IN'));
    const page = await context.newPage();
    if (language === 'en-IN') await signIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    else {
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('ईमेल', { exact: true }).fill(ADMIN_EMAIL);
      await page.getByLabel('पासवर्ड', { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'लॉगिन करें', exact: true }).click();
      await page.waitForURL(`${baseUrl}/`);
    }
    await openInApp(page, '/dashboard/sms-budget');
    const screen = page.getByTestId('sms-budget');
    await expect(screen.getByRole('heading', { name: language === 'hi-IN' ? 'SMS बजट' : 'SMS budget' })).toBeVisible();
    await expect(screen.getByText(language === 'hi-IN' ? /SMS भेजे गए/ : /texts sent/).first()).toBeVisible();
    assert.deepEqual(await seriousViolations(page), [], `/dashboard/sms-budget (${language})`);
    await screenshot(page, artifactsDir, `sms-budget-${language}-${width}`);
    if (language === 'en-IN') {
      await page.getByLabel('Texts an hour').fill('450');
      await page.getByLabel('Texts a day').fill('3000');
      await page.getByRole('button', { name: 'Save budget' }).click();
      await expect(screen.getByText(/of 450 texts sent; .* of the 225 open to anyone/)).toBeVisible();
      // The focus stays on the button the admin pressed.
      await expect(page.getByRole('button', { name: 'Save budget' })).toBeFocused();
      await page.setViewportSize({ width: 1366, height: 900 });
      await screenshot(page, artifactsDir, 'sms-budget-en-IN-1366');
    } else {
      await page.setViewportSize({ width: 390, height: 900 });
      await screenshot(page, artifactsDir, 'sms-budget-hi-IN-390');
    }
    await context.close();
  }
});
