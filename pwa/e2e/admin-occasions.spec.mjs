import assert from 'node:assert/strict';
import { seriousViolations } from './lib/axe.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { openSignedIn } from './lib/shopper-steps.mjs';
import { ciOnlyUnless, expect, test } from './fixtures.mjs';

/**
 * The admin's Search occasions (docs/product.md#search), in English and Hindi at a phone's and a desktop's width: every
 * occasion with its shelves and band; Return gifts' band edited to ₹300 reaches the next "return gifts" search; Put
 * back asks first and restores the kept list's band. A newcomer's run keeps English at 390 px (docs/testing.md#what-only-ci-runs).
 */
const LANGUAGES = [
  { locale: 'en-IN', heading: 'Search occasions', edit: 'Edit Return gifts', field: 'Price band (₹)', save: 'Save', reset: 'Put back' },
  { locale: 'hi-IN', heading: 'सर्च के मौके', edit: 'Return gifts बदलें', field: 'दाम की सीमा (₹)', save: 'सहेजें', reset: 'वापस रखें' },
];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

const searchPrices = async (baseUrl, search) => {
  const res = await fetch(`${baseUrl}/api/product/search-product`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ search, page: 1 }),
  });
  return (await res.json()).data.map((p) => p.price - Math.ceil((p.price * p.discount) / 100));
};

for (const language of LANGUAGES)
  for (const viewport of WIDTHS)
    test(
      `admin-occasions ${language.locale} ${viewport.width}`,
      ciOnlyUnless(language === LANGUAGES[0] && viewport === WIDTHS[0]),
      async ({ baseUrl, artifactsDir, launch }) => {
        const browser = await launch();
        const context = await browser.newContext({ locale: 'en-IN', viewport, reducedMotion: 'reduce' });
        const page = await context.newPage();
        // Signed in on the English form (the steps' labels), then the screen in the language asked, loaded afresh.
        await openSignedIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/occasions', { language: language.locale });
        await page.getByRole('heading', { name: language.heading }).waitFor();
        const row = page.getByTestId('occasion-row-Return gifts');
        await expect(row).toContainText('500');
        assert.deepEqual(await seriousViolations(page), [], '/dashboard/occasions');
        await page.screenshot({ path: `${artifactsDir}/admin-occasions-${language.locale}-${viewport.width}.png` });

        await row.getByRole('button', { name: language.edit }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(language.field).fill('300');
        await page.screenshot({ path: `${artifactsDir}/admin-occasions-${language.locale}-${viewport.width}-edit.png` });
        await dialog.getByRole('button', { name: language.save }).click();
        await dialog.waitFor({ state: 'detached' });
        await expect(row).toContainText('300');
        assert.ok(
          (await searchPrices(baseUrl, 'return gifts')).every((price) => price <= 300),
          'the band reaches search',
        );

        await row.getByRole('button', { name: new RegExp(language.reset) }).click();
        await page.getByRole('dialog').getByRole('button', { name: language.reset }).click();
        await expect(row).toContainText('500');
        await context.close();
      },
    );
