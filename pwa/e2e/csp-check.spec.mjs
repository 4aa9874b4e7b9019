// The Content-Security-Policy check every journey gets from e2e/fixtures.mjs: the watcher sees a
// violation, and a violation fails the test that caused it.
import { expect, test } from './fixtures.mjs';

/** Adds an inline <script> to the page, which the app's CSP refuses (script-src has no 'unsafe-inline'). */
async function violateCsp(launch, baseUrl) {
  const browser = await launch();
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/`);
  // Answers once the page has seen the refusal, so the watcher's report of it is on its way before the test ends.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        addEventListener('securitypolicyviolation', () => resolve(undefined), { once: true });
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.head.append(script);
      }),
  );
  return page;
}

test('the watcher records a violation, and the check refuses it', async ({ baseUrl, launch, launcher, cspViolations }) => {
  const page = await violateCsp(launch, baseUrl);
  await expect.poll(() => cspViolations.length, { message: 'the refused inline script is recorded' }).toBeGreaterThan(0);
  expect(await page.evaluate(() => 'inlineRan' in window), 'the inline script did not run').toBe(false);
  expect(() => launcher.assertNoCspViolations()).toThrow(/Content-Security-Policy violation/);
  cspViolations.length = 0; // seen; this test is about the watcher, not about failing
});

test('a journey that violates the CSP fails', async ({ baseUrl, launch }) => {
  test.fail(); // the fixture's check, after the test, must fail it
  await violateCsp(launch, baseUrl);
});
