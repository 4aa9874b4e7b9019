import { apiGet, apiLogin, newShopper, screenshot, signIn, signUp } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

const wishlistNames = async (baseUrl, token) => (await apiGet(baseUrl, 'wishlist/get', token)).data.map((p) => p.name);

/**
 * docs/product.md#screens and #states wishlist: a visitor's heart asks for sign-in; a shopper's heart fills, the product shows
 * on My Wishlist and in the API, and Remove takes it out again (also from a card's add-to-cart: in stock only).
 */
test('wishlist-account', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();

  await page.goto(`${baseUrl}/`);
  await page
    .getByRole('button', { name: /^Add .* to wishlist$/ })
    .first()
    .click();
  await page.waitForURL(`${baseUrl}/login`);
  await page.getByText('Login required!').first().waitFor();

  const shopper = newShopper('wish');
  await signUp(page, baseUrl, shopper);
  await signIn(page, baseUrl, shopper.email, shopper.password);
  const token = await apiLogin(baseUrl, shopper.email, shopper.password);

  // The heart whose name was read is the one clicked (the rows re-render as other journeys change products).
  const label = await page
    .getByRole('button', { name: /^Add .* to wishlist$/ })
    .first()
    .getAttribute('aria-label');
  const name = label.replace(/^Add (.*) to wishlist$/, '$1');
  await page.getByRole('button', { name: label, exact: true }).first().click();
  await page
    .getByRole('button', { name: `Remove ${name} from wishlist` })
    .first()
    .waitFor();
  await expect.poll(() => wishlistNames(baseUrl, token)).toEqual([name]);

  await page.getByRole('link', { name: 'My Wishlist' }).first().click();
  await page.waitForURL(`${baseUrl}/dashboard/mywishlist`);
  await page.getByRole('heading', { name: 'My Wishlist' }).waitFor();
  const item = page.getByTestId('wishlist-item');
  await item.first().waitFor();
  await expect(item).toHaveCount(1);
  await expect(item.first()).toHaveText(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await screenshot(page, artifactsDir, 'wishlist');

  await item
    .first()
    .getByRole('button', { name: `Remove ${name} from wishlist` })
    .click();
  await page.getByText('Your wishlist is empty.').waitFor();
  await expect.poll(() => wishlistNames(baseUrl, token)).toEqual([]);
  await context.close();
});
