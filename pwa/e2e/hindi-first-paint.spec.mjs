// docs/product.md#languages: a Hindi shopper (the choice kept on the device, or a browser whose language is
// Hindi) sees Hindi from the very first paint — index.html's static shell, before the app's code has run,
// under the app's Content-Security-Policy (its inline scripts are allowed by hash) — and on the info pages.
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { signIn } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

const PHONE = { width: 390, height: 844 };

/** The static shell as it paints before any of the app's code runs (every script file refused). */
async function staticShell(context, url) {
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(url);
  const shell = page.locator('#root .shell');
  return {
    page,
    lang: await page.getAttribute('html', 'lang'),
    title: await page.title(),
    tagline: await shell.locator('.logo-link__tagline').textContent(),
    hero: await shell.locator('.hero__title').textContent(),
  };
}

test('the static first paint follows a Hindi browser, and a kept English choice wins over it', async ({ baseUrl, launch }) => {
  const browser = await launch();
  const hindi = await staticShell(await browser.newContext({ locale: 'hi-IN', viewport: PHONE }), `${baseUrl}/`);
  expect(hindi).toMatchObject({
    lang: 'hi-IN',
    title: 'Haat: किताबें, ईयरबड्स, खिलौने, कपड़े और बहुत कुछ, आपके दरवाज़े तक',
    tagline: '1–5 दिन में डिलीवरी · 5,000+ प्रोडक्ट',
    hero: 'Haat में आपका स्वागत है, आपका स्टाइल, आपके दरवाज़े तक',
  });
  expect(await hindi.page.locator('#root .shell .search-bar__prompt').first().textContent()).toBe('"Books" खोजें');

  const keptEnglish = await browser.newContext({ locale: 'hi-IN', viewport: PHONE });
  await keptEnglish.addInitScript(() => localStorage.setItem('haat.language', 'en-IN'));
  expect(await staticShell(keptEnglish, `${baseUrl}/`)).toMatchObject({ lang: 'en-IN', tagline: 'Delivery in 1–5 days · 5,000+ products' });

  const englishBrowser = await staticShell(await browser.newContext({ locale: 'en-IN', viewport: PHONE }), `${baseUrl}/`);
  expect(englishBrowser).toMatchObject({ lang: 'en-IN', hero: 'Welcome to Haat, your style, delivered to your door' });
});

test('a kept Hindi choice opens /about and /contact in Hindi, first paint and app alike', async ({ baseUrl, launch }) => {
  const browser = await launch();
  const shell = await browser.newContext({ locale: 'en-IN', viewport: PHONE });
  await shell.addInitScript(() => localStorage.setItem('haat.language', 'hi-IN'));
  expect(await staticShell(shell, `${baseUrl}/about`)).toMatchObject({ lang: 'hi-IN', tagline: '1–5 दिन में डिलीवरी · 5,000+ प्रोडक्ट' });

  const context = await browser.newContext({ locale: 'en-IN', viewport: PHONE });
  await context.addInitScript(() => localStorage.setItem('haat.language', 'hi-IN'));
  const page = await context.newPage();
  await page.goto(`${baseUrl}/about`);
  await expect(page.getByRole('heading', { level: 1, name: 'Haat के बारे में' })).toBeVisible();
  await expect(page).toHaveTitle('हमारे बारे में | Haat');
  expect(await page.getAttribute('html', 'lang')).toBe('hi-IN');
  await page.getByRole('link', { name: 'रिटर्न पॉलिसी' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'रिटर्न पॉलिसी' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'शर्तें' })).toBeVisible();

  await page.goto(`${baseUrl}/contact`);
  const form = page.getByRole('form', { name: 'हमें मैसेज भेजें' });
  await form.getByRole('button', { name: 'मैसेज भेजें' }).click();
  await expect(form.getByRole('alert')).toContainText('नाम ज़रूरी है।');
});

/** Both of the switch's languages, and the bar between them, sit on one line: each one's height overlaps every other's. */
async function switchOnOneLine(scope, where) {
  const group = scope.getByRole('group', { name: /^(Language|भाषा)$/ });
  await group.first().waitFor();
  const boxes = await group.first().evaluate((el) =>
    [...el.querySelectorAll('button, [aria-hidden]')].map((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    }),
  );
  const oneLine = Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom));
  expect({ where, oneLine, parts: boxes.length }, JSON.stringify(boxes)).toEqual({ where, oneLine: true, parts: 3 });
}

test("the language switch reads on one line in the admin's dashboard menu, the account menu and the footer", async ({ baseUrl, launch }) => {
  const browser = await launch();
  for (const viewport of [PHONE, { width: 1366, height: 900 }]) {
    const phone = viewport.width === PHONE.width;
    const page = await (await browser.newContext({ viewport })).newPage();
    await signIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    await switchOnOneLine(page.locator('footer'), `footer at ${viewport.width}`);
    // The account menu: the /user page on a phone, a popover on a wide screen; on a wide screen the dashboard's side menu too.
    await page.getByRole('button', { name: 'Account' }).click();
    const menus = [['account menu', page.locator('.account-menu').first()]];
    if (!phone) menus.push(['dashboard menu', page.locator('.dashboard__menu .account-menu')]);
    for (const [name, menu] of menus) {
      if (name === 'dashboard menu') await page.goto(`${baseUrl}/dashboard/profile`);
      await switchOnOneLine(menu, `${name} at ${viewport.width}`);
      // In Hindi too (the menu's own words change length).
      await menu.getByRole('button', { name: 'हिन्दी' }).click();
      await switchOnOneLine(menu, `${name} in Hindi at ${viewport.width}`);
      await menu.getByRole('button', { name: 'English' }).click();
    }
  }
});
