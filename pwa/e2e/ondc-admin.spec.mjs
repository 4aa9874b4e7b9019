import { readFileSync } from 'node:fs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { openSignedIn, screenshot } from './lib/shopper-steps.mjs';
import { expect, test, ciOnlyUnless } from './fixtures.mjs';

/**
 * Selling on ONDC (docs/product.md#selling-on-ondc): an admin sells a category on the network with its ONDC domain,
 * category and terms, the keyboard back on the card's button when the form closes; a wrong position for the
 * warehouse is named, a right one saved. At 390 px and 1366 px, in English and Hindi.
 */
const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'));
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));

for (const lang of ['en-IN', 'hi-IN']) {
  test(
    `ONDC settings: a category sold on the network, the warehouse placed (${lang})`,
    ciOnlyUnless(lang === 'en-IN'),
    async ({ baseUrl, artifactsDir, launch }) => {
      const ondc = texts(lang, 'ondc');
      const browser = await launch();
      const page = await (await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } })).newPage();
      // In Hindi, the admin chose it on this device before: the screen opens in it.
      await openSignedIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/ondc', { language: lang });
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { name: ondc.heading, level: 1 })).toBeVisible();
      await expect(page.getByTestId('ondc-status')).toHaveText(ondc.statusOff);

      const card = page.locator('[data-testid^="ondc-category-"]').first();
      const name = (await card.locator('strong').innerText()).trim();
      const sold = card.getByText(fill(ondc.soldAs, { domain: ondc.domain.RET10, category: 'Snacks and Namkeen' }));
      // The journey runs once per language on one server: a category sold by the other run is changed, not sold anew.
      const opener = card.getByRole('button', { name: fill((await sold.count()) ? ondc.editLabel : ondc.sellLabel, { name }) });
      await opener.click();
      await card.getByLabel(ondc.field.ondcCategory).fill('');
      await card.getByRole('button', { name: ondc.save }).click();
      await expect(card.getByText(fill(ondc.problem, { field: ondc.field.ondcCategory }))).toBeVisible();
      await card.getByLabel(ondc.field.ondcCategory).fill('Snacks and Namkeen');
      await card.getByLabel(ondc.field.timeToShipMinutes).fill('120');
      await card.getByRole('button', { name: ondc.save }).click();
      await expect(sold).toBeVisible();
      await expect(card.getByRole('button', { name: fill(ondc.editLabel, { name }) })).toBeFocused();

      const warehouse = page.getByTestId('ondc-location-warehouse');
      await warehouse.getByLabel(ondc.field.gps).fill('north of here');
      await warehouse.getByRole('button', { name: ondc.place }).click();
      await expect(warehouse.getByText(fill(ondc.problem, { field: ondc.field.gps }))).toBeVisible();
      await warehouse.getByLabel(ondc.field.gps).fill('12.9716, 77.5946');
      await warehouse.getByRole('button', { name: ondc.place }).click();
      await expect(warehouse.getByText(ondc.notListed)).toHaveCount(0);
      await screenshot(page, artifactsDir, `ondc-settings-${lang}-390`);
      await page.setViewportSize({ width: 1366, height: 900 });
      await screenshot(page, artifactsDir, `ondc-settings-${lang}-1366`);
    },
  );
}
