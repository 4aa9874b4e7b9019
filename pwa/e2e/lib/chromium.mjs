// Debian's Chromium and the flags every journey launches it with: Playwright Test's (playwright.config.ts)
// and e2e/screenshots.mjs's (through lib/browser.mjs). No browser is ever downloaded.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** CHROME_PATH, else Debian's /usr/bin/chromium. */
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, HEADLESS_SHELL_PATH to name another): the same Blink,
 * V8, service workers, storage and network as CHROMIUM without the browser's own layer (windows, profiles, the
 * omnibox), which the journeys never show; a journey costs about a tenth less CPU in it. It lacks the browser
 * services that layer holds, Background Sync and notifications among them, so a journey that proves one asks
 * for the full browser (docs/testing.md). Null when it is not installed: then every journey runs in CHROMIUM.
 */
const shellPath = process.env.HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
export const HEADLESS_SHELL = shellPath && existsSync(shellPath) ? shellPath : null;

/**
 * The Chromium features Playwright's own launch turns off, as its installed version lists them: a second
 * `--disable-features` replaces the first rather than adding to it, so the journeys' one repeats them.
 */
async function playwrightsDisabledFeatures() {
  const { server } = createRequire(import.meta.url)('playwright-core/lib/coreBundle');
  const args = await server.createPlaywright({ sdkLanguage: 'javascript' }).chromium.defaultArgs({ headless: true, args: [] }, false, '');
  const flag = /** @type {string[]} */ (args).find((arg) => arg.startsWith('--disable-features='));
  if (!flag) throw new Error("playwright-core's Chromium arguments no longer carry --disable-features: see e2e/lib/chromium.mjs");
  return flag.slice('--disable-features='.length).split(',');
}

/**
 * Every window of new headless Chromium preloads the omnibox's WebUI popups (chrome://omnibox-popup.top-chrome/,
 * in a renderer of their own) that a headless browser never shows: with a fresh window per journey context,
 * they cost about as much CPU as the shop's own pages (docs/testing.md).
 */
const UNSHOWN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...(await playwrightsDisabledFeatures()), ...UNSHOWN_BROWSER_UI].join(',')}`,
];
