// Launches Debian's Chromium through playwright-core (no downloaded browsers), and remembers what each
// journey opened so its fixture (e2e/fixtures.mjs) can photograph the final page, close everything
// afterwards, fail the journey on any Content-Security-Policy violation and, when it fails, say what its pages
// reported as errors.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { assertNoCspViolations, watchCspViolations } from './csp-violations.mjs';

/**
 * What every launcher of this process has opened so far: contexts, and documents loaded in their pages' main frames
 * (a full page load, not a move inside the app). The E2E_CPU_LOG lines give each journey's share (e2e/fixtures.mjs).
 */
export const opened = { contexts: 0, documents: 0 };

/**
 * One journey's launcher: `launch()` → Browser; `launch({ persistent: true })` → BrowserContext. Every
 * context it makes records Content-Security-Policy violations; `assertNoCspViolations()` fails on any.
 * `browserType` and `launchOptions`: Playwright Test's (playwright.config.ts), so its traces and
 * screenshots cover these browsers too; without them, Debian's Chromium with CHROMIUM_ARGS.
 * `shared`: the worker's running browsers, `shared('shell')` its headless shell and `shared('full')` its full
 * Chromium (lib/chromium.mjs). A plain `launch()` answers a Browser of the journey's own over the shell, and
 * `launch({ full: true })` one over the full Chromium, instead of starting a new browser: every context it makes
 * is a fresh profile as before (its own storage, cookies, cache and service workers), and its `close()` closes
 * those contexts, not the browser other journeys use (docs/testing.md).
 * `contextDefaults`: options every context it makes starts from, under the journey's own (the journeys'
 * `reducedMotion: 'reduce'`, playwright.config.ts).
 * @param {import('playwright-core').BrowserType} [browserType]
 * @param {import('playwright-core').LaunchOptions} [launchOptions]
 * @param {(kind: 'shell' | 'full') => Promise<import('playwright-core').Browser>} [shared]
 * @param {import('playwright-core').BrowserContextOptions} [contextDefaults]
 */
export function createLauncher(
  browserType = chromium,
  launchOptions = { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  shared = undefined,
  contextDefaults = {},
) {
  const toClose = [];
  const contexts = [];
  const cspViolations = [];
  /** What the pages said went wrong: uncaught errors and console errors, the last 20 (a failed journey's report carries them). */
  const pageProblems = [];
  const note = (/** @type {string} */ problem) => {
    pageProblems.push(problem);
    if (pageProblems.length > 20) pageProblems.shift();
  };
  const track = async (context) => {
    contexts.push(context);
    opened.contexts++;
    // A page's 'load' comes with every document it loads, never with a move inside the app (and, unlike 'request',
    // Playwright sends it whether or not the test listens, so counting costs nothing).
    const count = (/** @type {import('playwright-core').Page} */ page) => page.on('load', () => opened.documents++);
    context.pages().forEach(count);
    context.on('page', count);
    context.on('weberror', (webError) => note(`uncaught: ${webError.error().stack ?? webError.error().message}`));
    context.on('console', (message) => {
      if (message.type() === 'error') note(`console error at ${message.location().url}: ${message.text()}`);
    });
    await watchCspViolations(context, cspViolations);
    return context;
  };

  /** @param {{ persistent?: boolean, full?: boolean, args?: string[], [option: string]: unknown }} [options] */
  async function launch({ persistent = false, full = false, ...options } = {}) {
    if (shared && !persistent && Object.keys(options).length === 0) return ownBrowser(await shared(full ? 'full' : 'shell'));
    const base = { ...launchOptions, headless: true, args: [...(launchOptions.args ?? []), ...(options.args ?? [])] };
    if (persistent) {
      const userDataDir = mkdtempSync(join(tmpdir(), 'haat-chromium-'));
      const context = await browserType.launchPersistentContext(userDataDir, { ...contextDefaults, ...options, ...base });
      toClose.push({ close: async () => (await context.close().catch(() => {}), rmSync(userDataDir, { recursive: true, force: true })) });
      return track(context);
    }
    const browser = await browserType.launch({ ...options, ...base });
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (contextOptions) => track(await newContext({ ...contextDefaults, ...contextOptions }));
    toClose.push({ close: () => browser.close().catch(() => {}) });
    return browser;
  }

  /**
   * A journey's Browser over the shared Chromium: what a journey calls on a Browser (newContext, newPage,
   * contexts, close), limited to the contexts it made.
   * @param {import('playwright-core').Browser} chromiumBrowser
   */
  function ownBrowser(chromiumBrowser) {
    /** @type {import('playwright-core').BrowserContext[]} */
    const mine = [];
    const close = async () => {
      for (const context of mine.splice(0).reverse()) await context.close().catch(() => {});
    };
    toClose.push({ close });
    const browser = {
      /** @param {import('playwright-core').BrowserContextOptions} [options] */
      newContext: async (options) => {
        const context = await track(await chromiumBrowser.newContext({ ...contextDefaults, ...options }));
        mine.push(context);
        return context;
      },
      /** As Browser.newPage: a page in a context of its own, which closes with it. */
      newPage: async (/** @type {import('playwright-core').BrowserContextOptions | undefined} */ options) => {
        const context = await browser.newContext(options);
        const page = await context.newPage();
        page.once('close', () => void context.close().catch(() => {}));
        return page;
      },
      contexts: () => [...mine],
      close,
    };
    return /** @type {import('playwright-core').Browser} */ (/** @type {unknown} */ (browser));
  }

  /** The page the journey ended on (the last page of the last context still open), or null. */
  function lastPage() {
    for (const context of [...contexts].reverse()) {
      const pages = context.pages().filter((p) => !p.isClosed());
      if (pages.length > 0) return pages[pages.length - 1];
    }
    return null;
  }

  /**
   * Closes every context first, then the browsers: Playwright Test collects a context's trace when the
   * context closes, and a browser closed with its contexts still open takes their traces with it.
   */
  async function closeAll() {
    for (const context of [...contexts].reverse()) await context.close().catch(() => {});
    for (const item of toClose.reverse()) await item.close();
  }

  return { launch, lastPage, closeAll, cspViolations, pageProblems, assertNoCspViolations: () => assertNoCspViolations(cspViolations) };
}
