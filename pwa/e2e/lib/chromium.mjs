// Debian's Chromium and the flags every journey launches it with: Playwright Test's (playwright.config.ts)
// and e2e/screenshots.mjs's (through lib/browser.mjs). No browser is ever downloaded.

/** CHROME_PATH, else Debian's /usr/bin/chromium. */
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
