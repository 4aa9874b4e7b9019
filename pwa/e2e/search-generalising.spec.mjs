import assert from 'node:assert/strict';
import { expect, test, ciOnlyUnless } from './fixtures.mjs';

/**
 * A search whose words order, leave out and measure (docs/product.md#search), on the demo catalogue, in English and
 * Hindi at a phone's and a desktop's width: the order, what is left out and the pack show as chips and the page keeps
 * them (cheapest first, no Jumbo almonds, the half-kilo packs first); each chip removed searches again without it,
 * focus staying on the chips; a kind the shop does not sell says so, with no products; a brand asked for as a kind
 * it is not sold in says so above the brand's range.
 */
const LANGUAGES = [
  {
    locale: 'en-IN',
    query: 'cheapest half kg almonds not jumbo',
    chips: ['Price: low to high', '500 g', 'Not: jumbo'],
    remove: (label) => `Remove ${label}`,
    count: /^Search Results: \d+$/,
    unsold: "We don't sell power bank yet",
    brand: 'titan earbuds',
    lacking: "We don't sell titan earbuds — here is Titan's range",
  },
  {
    locale: 'hi-IN',
    query: 'sabse sasta aadha kilo badam jumbo ke bina',
    chips: ['कीमत: कम से ज़्यादा', '500 ग्राम', 'jumbo के बिना'],
    remove: (label) => `${label} हटाएँ`,
    count: /^खोज नतीजे: \d+$/,
    unsold: 'हम अभी power bank नहीं बेचते',
    brand: 'टाइटन ईयरबड्स',
    lacking: 'हम टाइटन ईयरबड्स नहीं बेचते — यह रहा Titan का बाकी सामान',
  },
];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

for (const language of LANGUAGES)
  for (const viewport of WIDTHS)
    test(
      `search-generalising ${language.locale} ${viewport.width}`,
      ciOnlyUnless(language === LANGUAGES[0] && viewport === WIDTHS[0]),
      async ({ baseUrl, artifactsDir, launch }) => {
        const browser = await launch();
        const context = await browser.newContext({ locale: 'en-IN', viewport });
        await context.addInitScript((lang) => localStorage.setItem('haat.language', lang), language.locale);
        const page = await context.newPage();
        const shot = (name) =>
          page.screenshot({ path: `${artifactsDir}/search-generalising-${language.locale}-${viewport.width}-${name}.png`, fullPage: false });

        await page.goto(`${baseUrl}/search?q=${encodeURIComponent(language.query)}`);
        const chips = page.locator('.query-chips__chip');
        await expect(chips).toHaveText(language.chips.map((label) => `${label}×`));
        const cards = page.locator('.product-card__name');
        await expect(cards.first()).toBeVisible();
        const names = await cards.allTextContents();
        // The half-kilo packs first, none of them Jumbo: what the page shows is what the chips say.
        assert.match(names[0], /Almonds, 500 g$/);
        assert.deepEqual(
          names.filter((n) => /Jumbo/.test(n)),
          [],
        );
        await shot('chips');

        // Each chip removed searches again without it; focus stays on the chips, then on the count.
        for (const label of language.chips) {
          await page.getByRole('button', { name: language.remove(label) }).click();
          await expect(page.getByRole('button', { name: language.remove(label) })).toHaveCount(0);
          const focused = await page.evaluate(() => document.activeElement?.className ?? '');
          assert.match(focused, /query-chips__chip|search-page__count/);
        }
        await expect(chips).toHaveCount(0);
        assert.equal(new URL(page.url()).searchParams.get('q'), language.locale === 'en-IN' ? 'almonds' : 'badam');
        await expect(page.locator('.search-page__count')).toHaveText(language.count);
        await expect(page.locator('.search-page__count')).toBeFocused();

        // A kind the shop does not sell: said so, no products.
        await page.goto(`${baseUrl}/search?q=${encodeURIComponent('power bank')}`);
        await expect(page.locator('.no-data [role="status"]')).toHaveText(language.unsold);
        await expect(cards).toHaveCount(0);
        await shot('unsold');

        // A brand the shop sells, asked for as a kind it does not sell it in: said so above the brand's range.
        await page.goto(`${baseUrl}/search?q=${encodeURIComponent(language.brand)}`);
        await expect(page.locator('.query-chips [role="status"]')).toHaveText(language.lacking);
        await expect(cards.first()).toBeVisible();
        assert.deepEqual(
          (await cards.allTextContents()).filter((n) => !n.startsWith('Titan ')),
          [],
        );
        await shot('lacking');
      },
    );
