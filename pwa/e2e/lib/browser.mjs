// Launches Debian's Chromium through playwright-core (no downloaded browsers), and remembers what each
// journey opened so its fixture (e2e/fixtures.mjs) can photograph the final page, close everything
// afterwards and fail the journey on any Content-Security-Policy violation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { assertNoCspViolations, watchCspViolations } from './csp-violations.mjs';

/**
 * One journey's launcher: `launch()` → Browser; `launch({ persistent: true })` → BrowserContext. Every
 * context it makes records Content-Security-Policy violations; `assertNoCspViolations()` fails on any.
 * `browserType` and `launchOptions`: Playwright Test's (playwright.config.ts), so its traces and
 * screenshots cover these browsers too; without them, Debian's Chromium with CHROMIUM_ARGS.
 * @param {import('playwright-core').BrowserType} [browserType]
 * @param {import('playwright-core').LaunchOptions} [launchOptions]
 */
export function createLauncher(browserType = chromium, launchOptions = { executablePath: CHROMIUM, args: CHROMIUM_ARGS }) {
  const opened = [];
  const contexts = [];
  const cspViolations = [];
  const track = async (context) => {
    contexts.push(context);
    await watchCspViolations(context, cspViolations);
    return context;
  };

  /** @param {{ persistent?: boolean, args?: string[], [option: string]: unknown }} [options] */
  async function launch({ persistent = false, ...options } = {}) {
    const base = { ...launchOptions, headless: true, args: [...(launchOptions.args ?? []), ...(options.args ?? [])] };
    if (persistent) {
      const userDataDir = mkdtempSync(join(tmpdir(), 'haat-chromium-'));
      const context = await browserType.launchPersistentContext(userDataDir, { ...options, ...base });
      opened.push({ close: async () => (await context.close().catch(() => {}), rmSync(userDataDir, { recursive: true, force: true })) });
      return track(context);
    }
    const browser = await browserType.launch({ ...options, ...base });
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (...args) => track(await newContext(...args));
    opened.push({ close: () => browser.close().catch(() => {}) });
    return browser;
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
    for (const item of opened.reverse()) await item.close();
  }

  return { launch, lastPage, closeAll, cspViolations, assertNoCspViolations: () => assertNoCspViolations(cspViolations) };
}
