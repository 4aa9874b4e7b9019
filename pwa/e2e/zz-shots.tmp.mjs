import { chromium } from 'playwright';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.mjs';
const base = 'http://127.0.0.1:3917';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const queries = [['tshirt-under-500', 'black t-shirt for men under ₹1,500'], ['laal', 'लाल टी-शर्ट'], ['long', 'earphones for running with good bass'], ['rice', 'rice 5 kg']];
for (const [lang, code] of [['en', 'en-IN'], ['hi', 'hi-IN']])
  for (const width of [390, 1366]) {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
    await context.addInitScript((c) => localStorage.setItem('haat.language', c), code);
    const page = await context.newPage();
    for (const [name, q] of queries) {
      await page.goto(`${base}/search?q=${encodeURIComponent(q)}`);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/shots/${name}-${lang}-${width}.png` });
    }
    await context.close();
  }
await browser.close();
