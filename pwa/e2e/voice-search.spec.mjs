// docs/product.md#screens: voice search. Where the browser recognises speech, the search bar has a microphone;
// pressed, it listens in the screen's language (en-IN or hi-IN) and the words heard are searched as if typed, on a
// phone and a laptop. Chromium's own recogniser needs a microphone and Google's service, which a test machine has
// neither of, so a stand-in recogniser is installed as SpeechRecognition (and webkitSpeechRecognition) before the app loads: it records the
// language it was asked for and "hears" what the test says, as result and end events, as Chrome's does.
import { screenshot } from './lib/shopper-steps.mjs';
import { expect, test, ciOnlyUnless } from './fixtures.mjs';

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1366, height: 900 } },
];
const LANGUAGES = [
  { lang: 'en-IN', mic: 'Search by voice', said: 'watch', heading: /Search Results: [1-9]/, product: /watch/i },
  { lang: 'hi-IN', mic: 'बोलकर खोजें', said: 'घड़ी', heading: /[1-9]/, product: /watch/i },
];

/** Runs in the page before its scripts: a recogniser that waits for window.speak(text). */
function installStandIn() {
  const page = /** @type {any} */ (window);
  class StandInRecognizer extends EventTarget {
    constructor() {
      super();
      this.lang = '';
      this.continuous = true;
      this.interimResults = true;
      this.maxAlternatives = 1;
    }
    start() {
      page.heardIn = this.lang;
      page.speak = (/** @type {string} */ transcript) => {
        this.dispatchEvent(Object.assign(new Event('result'), { results: [[{ transcript, confidence: 0.92 }]] }));
        this.dispatchEvent(new Event('end'));
      };
    }
    abort() {
      this.dispatchEvent(Object.assign(new Event('error'), { error: 'aborted' }));
      this.dispatchEvent(new Event('end'));
    }
  }
  // Chromium has both names, for one class.
  page.SpeechRecognition = StandInRecognizer;
  page.webkitSpeechRecognition = StandInRecognizer;
}

for (const size of SIZES) {
  test(
    `speaking into the search bar's microphone searches what was said, in English and Hindi, on a ${size.name}`,
    ciOnlyUnless(size === SIZES[0]),
    async ({ baseUrl, artifactsDir, launch }) => {
      const browser = await launch();
      for (const language of LANGUAGES) {
        const context = await browser.newContext({ viewport: size.viewport, locale: 'en-IN' });
        await context.addInitScript(installStandIn);
        await context.addInitScript((lang) => localStorage.setItem('haat.language', lang), language.lang);
        const page = await context.newPage();
        await page.goto(`${baseUrl}/`);
        // The microphone's code loads once the first screen has settled (load, idle and 5 s, or a first key or tap).
        const mic = page.getByRole('button', { name: language.mic });
        await expect(mic).toBeVisible({ timeout: 20_000 });
        await expect(mic).toHaveAttribute('aria-pressed', 'false');
        await screenshot(page.locator('header'), artifactsDir, `voice-search-${size.name}-${language.lang}`);

        // By keyboard: Tab to the microphone, Enter to listen; the header's line says so.
        await mic.focus();
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => typeof (/** @type {any} */ (window).speak) === 'function');
        expect(await page.evaluate(() => /** @type {any} */ (window).heardIn)).toBe(language.lang);
        await expect(mic).toHaveAttribute('aria-pressed', 'true');
        await expect(page.locator('.header-message')).toHaveText(language.lang === 'en-IN' ? 'Listening…' : 'सुन रहे हैं…');
        // The line hangs from the header as wide as its words, not as a strip over the top of the page under it.
        const line = await page.locator('.header-message__text').boundingBox();
        expect(line?.width, 'the listening line is as wide as its words').toBeLessThan(size.viewport.width / 2);
        await screenshot(page, artifactsDir, `voice-search-${size.name}-${language.lang}-listening`, { fullPage: false });

        await page.evaluate((said) => /** @type {any} */ (window).speak(said), language.said);
        await page.waitForURL(`${baseUrl}/search?q=${encodeURIComponent(language.said)}`);
        await page.getByRole('heading', { level: 1, name: language.heading }).waitFor();
        await expect(page.locator('.product-grid .product-card__name').first()).toHaveText(language.product);
        await expect(page.getByRole('searchbox')).toHaveValue(language.said);
        await expect(page.getByRole('searchbox')).toBeFocused();
        await screenshot(page, artifactsDir, `voice-search-${size.name}-${language.lang}-results`, { fullPage: false });
        await context.close();
      }
    },
  );
}

test('a browser without speech recognition shows no microphone', async ({ baseUrl, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ viewport: SIZES[0]?.viewport });
  await context.addInitScript(() => {
    delete (/** @type {any} */ (window).webkitSpeechRecognition);
    delete (/** @type {any} */ (window).SpeechRecognition);
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('search-prompt').first().waitFor();
  // The late part's file, whenever it comes: after the key below, or already before it (the first screen settled by
  // itself), which the page's own record of what it fetched holds.
  const fetched = page.waitForResponse((res) => res.url().includes('/assets/voice-search-'));
  fetched.catch(() => undefined);
  await page.keyboard.press('Shift'); // the first screen has settled: the late parts load
  const recorded = page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/voice-search-')));
  recorded.catch(() => undefined);
  await Promise.race([fetched, recorded]);
  await page.getByText('24/7 Customer Service').waitFor();
  await expect(page.getByRole('button', { name: 'Search by voice' })).toHaveCount(0);
});
