import { inStockProducts } from './lib/shop-fixtures.mjs';
import { ADDRESS, apiGet, apiLogin, newShopper, screenshot } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/**
 * A shopper with no mouse (docs/product.md#keyboard-and-screen-readers): searches, opens a product, presses Add
 * while signed out, signs in and is back on the product with it added, opens the cart side panel, reaches checkout, adds an address and places a cash-on-delivery order,
 * with Tab, Shift+Tab, Enter, Space, Escape and typing only. Along the way: focus stays on the stepper after
 * Add, the change is announced in words, and the cart panel and the address dialog keep focus inside, close
 * on Escape and give focus back to what opened them.
 */
const WIDE = { width: 1366, height: 900 };

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page, target, { max = 60, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Tabs `presses` times each way: focus never lands on the page behind the open dialog. Past its last control
 * it may rest once on the browser's own controls (seen from the page as no focus) before coming round again,
 * as a modal <dialog> lets it (docs/decisions/0210-dialogs-are-native-modal-dialogs.md); most stops are in it.
 */
async function expectFocusKeptIn(page, dialog, presses) {
  for (const key of ['Tab', 'Shift+Tab']) {
    let inside = 0;
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'browser';
        return el.closest('dialog[open]') ? 'dialog' : `page: ${el.outerHTML.slice(0, 80)}`;
      });
      expect(where, `${key} ×${i + 1}`).not.toMatch(/^page/);
      if (where === 'dialog') inside++;
    }
    expect(inside, `${key}: stops in the dialog`).toBeGreaterThan(presses / 2);
  }
  await expect(dialog).toBeVisible();
}

test('keyboard-shopper', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ viewport: WIDE, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const shopper = newShopper('keyboard');
  const registered = await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...shopper, confirmPassword: shopper.password }),
  });
  expect(registered.ok).toBe(true);
  const [product] = await inStockProducts(baseUrl, 1);

  // Search from the header, open the product from the results.
  await page.goto(`${baseUrl}/`);
  await tabTo(page, page.getByTestId('search-prompt'));
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl}/search**`);
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeFocused();
  await page.keyboard.type(product.name);
  const result = page.locator('main .product-card__link').filter({ hasText: product.name }).first();
  await result.waitFor();
  await tabTo(page, result);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl}/product/**`);
  const productUrl = page.url();

  // Add while signed out asks for a sign-in; signing in (Tab to each field, type, Enter) comes back here with
  // the product added.
  const add = page.locator('.buy-box').getByRole('button', { name: `Add to Cart: ${product.name}` });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl}/login`);
  await tabTo(page, page.getByLabel('Email', { exact: true }));
  await page.keyboard.type(shopper.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(shopper.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(productUrl);
  await expect(page.getByRole('status').filter({ hasText: `Added: ${product.name}, 1 in cart` })).toHaveCount(1);
  await expect(page.locator('.buy-box').getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('1');

  // − at 1 takes the line away and gives focus back to Add.
  await tabTo(page, page.locator('.buy-box').getByRole('button', { name: `Remove one ${product.name}` }));
  await page.keyboard.press('Enter');
  await expect(add).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `Removed: ${product.name}` })).toHaveCount(1);

  // Add: focus lands on the stepper's + that replaced the button, and the change is said in words once.
  await expect(page.getByRole('status').filter({ hasText: `Added: ${product.name}` })).toHaveCount(0); // the first one has gone
  await page.keyboard.press('Enter');
  await expect(page.locator('.buy-box').getByRole('button', { name: `Add one more ${product.name}` })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `Added: ${product.name}, 1 in cart` })).toHaveCount(1);
  await page.keyboard.press('Space'); // + by keyboard: one more, focus stays
  await expect(page.getByRole('status').filter({ hasText: `${product.name}: 2 in cart` })).toHaveCount(1);
  await expect(page.locator('.buy-box').getByRole('button', { name: `Add one more ${product.name}` })).toBeFocused();

  // The cart side panel: focus moves in, stays in, Escape closes it and focus is back on the cart button.
  const cartButton = page.getByTestId('header-cart');
  await tabTo(page, cartButton, { back: true });
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Cart' });
  await panel.getByTestId('cart-line').first().waitFor();
  await expect.poll(() => panel.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectFocusKeptIn(page, panel, 30);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(cartButton).toBeFocused();

  // Again, on to checkout.
  await page.keyboard.press('Enter');
  await tabTo(page, panel.getByRole('button', { name: /Proceed/ }));
  await screenshot(page, artifactsDir, 'keyboard-cart-panel-1366');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl}/checkout`);

  // The address dialog: first field focused, focus kept inside, Escape gives focus back to "Add New Address".
  const addAddress = page.getByRole('button', { name: '+ Add New Address' });
  await tabTo(page, addAddress);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Address' });
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  await expectFocusKeptIn(page, dialog, 25);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(addAddress).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  for (const [label, value] of Object.entries(ADDRESS)) {
    await tabTo(page, dialog.getByLabel(label, { exact: true }));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(value);
  }
  await screenshot(page, artifactsDir, 'keyboard-address-dialog-1366');
  await tabTo(page, dialog.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('address-option').first().getByRole('radio')).toBeChecked();

  // Cash on delivery.
  await tabTo(page, page.getByRole('button', { name: 'Cash on Delivery' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/success\?order=/);
  await page.getByRole('heading', { name: 'Order placed' }).waitFor();
  const token = await apiLogin(baseUrl, shopper.email, shopper.password);
  const { data: orders } = await apiGet(baseUrl, 'order/order-list', token);
  expect(orders).toHaveLength(1);
  expect(orders[0].product_details.map((line) => [line.name, line.quantity])).toEqual([[product.name, 2]]);
});

/**
 * The same return by mouse, from a card: Add on a search result while signed out, sign in with the password,
 * and the shopper is back on those results with that product added (Google sign-in ends in the same step,
 * features/auth/hooks/use-complete-sign-in.ts).
 */
test('sign-in by mouse comes back to the search results with the card added', async ({ baseUrl, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const shopper = newShopper('mouse-return');
  const registered = await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...shopper, confirmPassword: shopper.password }),
  });
  expect(registered.ok).toBe(true);
  const [, product] = await inStockProducts(baseUrl, 2);
  const results = `${baseUrl}/search?q=${encodeURIComponent(product.name)}`;
  await page.goto(results);
  await page
    .getByRole('button', { name: `Add: ${product.name}`, exact: true })
    .first()
    .click();
  await page.waitForURL(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === product.name);
  await expect(page.getByRole('status').filter({ hasText: `Added: ${product.name}, 1 in cart` })).toHaveCount(1);
  await expect(page.getByRole('group', { name: `Quantity of ${product.name}` }).first()).toContainText('1');
  await context.close();
});
