import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiGet, apiLogin, newShopper, openInApp, screenshot, signIn, signUp } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/** The code from the .eml file the API wrote into <dataDir>/mail for this address (docs/product.md#screens). */
async function codeFromMail(dataDir, email) {
  const folder = join(dataDir, 'mail');
  let found = '';
  const read = async () => {
    const files = await readdir(folder).catch(() => []);
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const text = await readFile(join(folder, file), 'utf8');
      const code = text.includes(email) && /reset code is (\d{6})/.exec(text.replace(/=\r?\n/g, ''));
      if (code?.[1]) return (found = code[1]);
    }
    return '';
  };
  await expect.poll(read, { message: `a reset code mailed to ${email}`, timeout: 10_000 }).toMatch(/^\d{6}$/);
  return found;
}

/**
 * Forgot password → the code read from the mail file → six boxes (pasted) →
 * reset → sign in with the new password; the old one no longer works.
 */
test('password-reset-account', async ({ baseUrl, dataDir, artifactsDir, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 412, height: 900 } });
  const page = await context.newPage();
  const shopper = newShopper('reset');
  await signUp(page, baseUrl, shopper);

  // Without a carried e-mail the code page sends the shopper back to ask for one.
  await openInApp(page, '/verification-otp');
  await page.waitForURL(`${baseUrl}/forgot-password`);

  await openInApp(page, '/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL(`${baseUrl}/forgot-password`);
  const send = page.getByRole('button', { name: 'Send OTP' });
  await expect(send, 'Send OTP waits for an e-mail').toBeDisabled();
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await send.click();
  await page.waitForURL(`${baseUrl}/verification-otp`);

  const code = await codeFromMail(dataDir, shopper.email);
  const verify = page.getByRole('button', { name: 'Verify OTP' });
  await expect(verify, 'Verify OTP waits for six digits').toBeDisabled();
  // Paste the code as a person copies it from the mail: with a space in the middle.
  await page.getByLabel('Digit 1').evaluate(
    (box, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    `${code.slice(0, 3)} ${code.slice(3)}`,
  );
  for (let i = 0; i < 6; i++) await expect(page.getByLabel(`Digit ${i + 1}`)).toHaveValue(code.charAt(i));
  await screenshot(page, artifactsDir, 'otp');
  await verify.click();
  await page.waitForURL(`${baseUrl}/reset-password`);

  const newPassword = 'second-pass-456';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill('something-else');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByText('New password and confirm password must be same').first().waitFor();
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.waitForURL(`${baseUrl}/login`);

  await signIn(page, baseUrl, shopper.email, newPassword);
  await screenshot(page, artifactsDir, 'signed-in');
  const old = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: shopper.email, password: shopper.password }),
  });
  assert.equal(old.status, 400, 'the old password is refused');
  const { data: me } = await apiGet(baseUrl, 'user/user-details', await apiLogin(baseUrl, shopper.email, newPassword));
  assert.equal(me.email, shopper.email);

  // A reset page opened without a verified code goes home.
  await openInApp(page, '/reset-password');
  await page.waitForURL(`${baseUrl}/`);
  await context.close();
});
