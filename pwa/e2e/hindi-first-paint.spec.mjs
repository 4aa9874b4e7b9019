// docs/product.md#languages: a Hindi shopper (the choice kept on the device, or a browser whose language is
// Hindi) sees Hindi from the very first paint — index.html's static shell, before the app's code has run,
// under the app's Content-Security-Policy (its inline scripts are allowed by hash) — and on the info pages. (The
// language switch on one line in the footer and the menus: admin-after-order-screens.)
import { openInApp } from './lib/shopper-steps.mjs';
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

  await openInApp(page, '/contact');
  const form = page.getByRole('form', { name: 'हमें मैसेज भेजें' });
  await form.getByRole('button', { name: 'मैसेज भेजें' }).click();
  await expect(form.getByRole('alert')).toContainText('नाम ज़रूरी है।');
});
