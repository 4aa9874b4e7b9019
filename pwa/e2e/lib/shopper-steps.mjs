import assert from 'node:assert/strict';

/**
 * What a shopper does in the sign-in, cart and checkout journeys, driven through the real screens;
 * plus a few direct API reads, used only to check what the server ended up with.
 */

export function newShopper(tag) {
  const id = `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Asha ${tag}`, email: `${id}@example.com`, password: 'first-pass-123' };
}

export async function signUp(page, baseUrl, shopper) {
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('Name', { exact: true }).fill(shopper.name);
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL(`${baseUrl}/login`);
}

/** Registers `shopper` (from newShopper) through the API, for journeys whose subject is not signing up. */
export async function registerByApi(baseUrl, shopper) {
  const res = await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...shopper, confirmPassword: shopper.password }),
  });
  assert.equal(res.status, 201, (await res.json()).message);
}

/**
 * Signs in on the login page: the one the page is already on (where signUp leaves a new shopper, as the app
 * leaves them), else opened in the app on the page, else a fresh load of it; then the app goes home.
 */
export async function signIn(page, baseUrl, email, password) {
  if (page.url() === `${baseUrl}/login`) await page.getByLabel('Email', { exact: true }).waitFor();
  else if (page.url().startsWith(`${baseUrl}/`)) await openInApp(page, '/login');
  else await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Account' }).waitFor();
}

/**
 * Opens `path` on a device where this account signed in before: its tokens and profile where the app keeps them
 * (localStorage, as a sign-in leaves them), set before the app's first script runs, so the app starts signed in and
 * checks the profile with the server as on any start. For journeys whose subject is not signing in: one page load
 * instead of the login page's and home's. Signing in through the login screen stays proven where it is the subject
 * (signup-checkout-cod, admin-overview, mobile-sign-in, password-reset-account, the sign-in journeys of the a11y sweep).
 * Only this page, only its next load of the shop's origin: a log-out then reload, or another tab, stays signed out.
 * @param {import('@playwright/test').Page} page
 * @param {string} baseUrl
 * @param {string} email
 * @param {string} password
 * @param {string} [path]
 * @param {{ language?: string }} [options] `language`: the one this device chose before (what the footer's switch keeps)
 */
export async function openSignedIn(page, baseUrl, email, password, path = '/', { language } = {}) {
  const token = await apiTokens(baseUrl, email, password);
  const { data: user } = await apiGet(baseUrl, 'user/user-details', token.access);
  const entries = [
    ['accesstoken', token.access],
    ['refreshToken', token.refresh],
    ['haat.user', JSON.stringify(user)],
    ...(language ? [['haat.language', language]] : []),
  ];
  // Once per call (a page may sign in again after a log-out): the tab's sessionStorage remembers this call's mark.
  const mark = `haat.e2e.signed-in.${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ origin, entries, mark }) => {
      if (location.origin !== origin || sessionStorage.getItem(mark)) return;
      sessionStorage.setItem(mark, '1');
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    { origin: new URL(baseUrl).origin, entries, mark },
  );
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('button', { name: /^(Account|अकाउंट)$/ }).waitFor();
}

/** Presses "Add" on the first `count` in-stock products of the home page; answers their names. */
export async function addFromHome(page, baseUrl, count) {
  // On the shop already, home is opened in the app (a third of a page load's CPU); from elsewhere, loaded.
  if (!page.url().startsWith(`${baseUrl}/`)) await page.goto(`${baseUrl}/`);
  else if (new URL(page.url()).pathname !== '/') await openInApp(page, '/');
  const buttons = page.locator('button.add-to-cart:not([disabled])');
  await buttons.first().waitFor();
  const names = [];
  for (let i = 0; names.length < count; i++) {
    // An added product's button turns into a stepper, so the next is first. The press goes to the button whose name was
    // read, not to "the first" looked up again: other journeys on the same server add and change products, and the
    // home page's rows re-render under this one, so a second lookup may find another product's button.
    // A new device's sign-in brings the shopper's cart from the server, maybe between the read and the press: a product
    // already in it turns its Add into its stepper, and counts as added.
    const label = await buttons.first().getAttribute('aria-label');
    const name = label.replace(/^Add: /, '');
    const add = page.getByRole('button', { name: label, exact: true }).first();
    const stepper = page.getByRole('group', { name: `Quantity of ${name}` }).first();
    await add.or(stepper).first().waitFor();
    // Add is pressed by keyboard: the first row's Add sits at a phone's fold, where a tap is aimed where it was before
    // the rows filling in moved it (docs/testing.md). A press that did not land (the button re-rendered under it, the
    // page busy past the press's wait) leaves Add shown: it is tried again on home, up to three times, and only while
    // Add is there, so a product is never added twice.
    for (let tries = 1; ; tries++) {
      if (await add.isVisible()) await add.press('Enter', { timeout: 5_000 }).catch(() => undefined);
      const shown = await stepper.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (shown) break;
      assert.ok(tries < 3, `"${label}" did not turn into its stepper after ${tries} presses; the page is ${page.url()}`);
      console.log(`addFromHome: "${label}" still not in the cart after press ${tries} (the page is ${page.url()}); pressing again`);
      if (new URL(page.url()).pathname !== '/') await page.goto(`${baseUrl}/`);
    }
    names.push(name);
    assert.ok(i < count * 3, 'could not add enough products');
  }
  return names;
}

/** Signs in through the API: the access and refresh tokens. */
async function apiTokens(baseUrl, email, password) {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, body.message);
  return { access: body.data.accesstoken, refresh: body.data.refreshToken };
}

export async function apiLogin(baseUrl, email, password) {
  return (await apiTokens(baseUrl, email, password)).access;
}

export async function apiGet(baseUrl, path, token) {
  const res = await fetch(`${baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  assert.ok(res.ok, `${path}: ${res.status} ${body.message}`);
  return body;
}

export const ADDRESS = {
  Name: 'Asha Verma',
  Building: '12 Lotus Apartments',
  'Address line': 'MG Road',
  District: 'Bengaluru Urban',
  City: 'Bengaluru',
  State: 'Karnataka',
  Country: 'India',
  Pincode: '560001',
  Mobile: '9876543210',
};

/** + Add New Address with all nine fields, then the new address is the selected radio. */
export async function addAddressAtCheckout(page) {
  await page.getByRole('button', { name: '+ Add New Address' }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(ADDRESS)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
  const radio = page.getByTestId('address-option').filter({ hasText: ADDRESS.Building }).getByRole('radio');
  await radio.waitFor();
  assert.equal(await radio.isChecked(), true, 'the new address is selected');
}

/**
 * A picture of a screen for people to look at, with E2E_SCREENSHOTS=1 only: it checks nothing (a failure to take
 * it is ignored), and each cost a fifth of a CPU-second or more on every run (docs/testing.md). A failed
 * journey's last page is kept regardless (e2e/fixtures.mjs). `target`: a page (the whole page unless `options`
 * say `fullPage: false`) or a locator (that element).
 * @param {import('@playwright/test').Page | import('@playwright/test').Locator} target
 * @param {string} artifactsDir
 * @param {string} name
 * @param {{ fullPage?: boolean }} [options]
 */
export async function screenshot(target, artifactsDir, name, options = {}) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const path = `${artifactsDir}/${name}.png`;
  const taken = 'goto' in target ? target.screenshot({ path, fullPage: options.fullPage ?? true }) : target.screenshot({ path });
  await taken.catch(() => undefined);
}

/**
 * Types `name` in Admin Products' search box and waits for that search's answer to be drawn: the cards shown before
 * it (the unsearched first page lists a product just made, first) stay on screen for the search's 300 ms pause,
 * then turn to skeletons while it is read, so a press on a card before the answer can land on a skeleton and open
 * nothing. The first page's answer is awaited first (its cards are drawn), so the next answer is the search's (the
 * request's body is not visible to the test). Answers the card of `name`.
 * @param {import('@playwright/test').Page} page
 * @param {string} name
 */
export async function searchAdminProducts(page, name) {
  await page.getByTestId('admin-product-card').first().waitFor();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/product/get'));
  await page.getByRole('searchbox').fill(name);
  await answered;
  await page.locator('.admin-card__image-skeleton').first().waitFor({ state: 'detached' });
  const card = page.getByTestId('admin-product-card').filter({ hasText: name });
  await card.first().waitFor();
  return card;
}

/**
 * Opens `path` in the app already on the page, as a link inside it does, without loading a new document: a history
 * entry as the router makes one, then the `popstate` the router follows (≈ 0.07 CPU-s, where a full load costs
 * 0.3–0.5), once the app has started. The router treats it as Back or Forward, where the shell keeps the scroll offset, so the window goes to
 * the top first, as the shell does after a link (app/shell/shell.tsx). When the path changes it waits for the last
 * page's content to be gone (app/routes.tsx remounts a route's content whenever the path changes), so what the caller
 * waits for next is the new page's.
 * @param {import('@playwright/test').Page} page
 * @param {string} path
 */
export async function openInApp(page, path) {
  // The app has taken over from index.html's static shell (app/start-app.tsx renders it in a transition, and the router
  // follows history only from its commit): before that, a history entry would be missed.
  await page.locator('#root > .app').waitFor({ state: 'attached' });
  const moved = await page.evaluate((to) => {
    const next = new URL(to, location.href);
    const moved = next.pathname !== location.pathname;
    if (moved) {
      for (const el of document.querySelectorAll('#main *')) el.setAttribute('data-left-page', '');
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    }
    const index = /** @type {{ idx?: number } | null} */ (history.state)?.idx ?? 0;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, '', next.pathname + next.search + next.hash);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    return moved;
  }, path);
  if (moved) await page.locator('#main [data-left-page]').first().waitFor({ state: 'detached' });
}

/**
 * Waits until the service worker controls the page (installed, its precache fetched, clients claimed): a minute at most,
 * as a loaded machine took over 20 s for it, asked four times a second (every frame, Playwright's default, costs the
 * page's renderer more than the wait itself).
 * @param {import('@playwright/test').Page} page
 */
export async function serviceWorkerControls(page) {
  try {
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 60_000, polling: 250 });
  } catch (error) {
    // Which step never came: no registration (the page never settled), an install that hangs or failed, or an active
    // worker that did not take the page.
    const state = await page
      .evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const states = registration && [registration.installing, registration.waiting, registration.active].map((w) => w?.state ?? '-');
        return { url: location.href, readyState: document.readyState, registration: states ? states.join(' / ') : 'none' };
      })
      .catch((/** @type {unknown} */ e) => String(e));
    throw new Error(`the service worker did not control the page (installing / waiting / active: ${JSON.stringify(state)})`, { cause: error });
  }
}

/**
 * Logs the signed-in user out with the account menu's Log Out, as the app offers it (a popover on a wide screen, the
 * /user page on a phone): the device is then a visitor's again (docs/product.md#states).
 * @param {import('@playwright/test').Page} page
 * @param {string} baseUrl
 */
export async function logOut(page, baseUrl) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('navigation', { name: 'My Account' }).getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('link', { name: 'Login' }).waitFor();
}

/**
 * Switches the shop's language with the footer's switch (English | हिन्दी) while the shop is in English, by keyboard:
 * the switch sits under home's product rows and the pages' lists, which still change height after their first screen
 * (home's rows as they fill: the footer moved from 1,544 px to 6,371 px down within 350 ms of a sign-in, measured), and
 * a tap is aimed where the button was a moment before.
 * @param {import('@playwright/test').Page} page
 * @param {string} language the language's name as the switch writes it ('हिन्दी')
 */
export async function switchLanguageInFooter(page, language) {
  await page.locator('footer').getByRole('group', { name: 'Language' }).getByRole('button', { name: language }).press('Enter');
}
