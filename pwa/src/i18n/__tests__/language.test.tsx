// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { LANGUAGE_KEY, detectLanguage, pickLanguage } from '../languages';
import { currentLanguage, i18n, setLanguage, startLanguage } from '../i18n';
import { formatMoney } from '../format';
import { createHttp } from '../../lib/http/create-http';
import { LanguageSwitch } from '../../lib/ui/language-switch';
import { OfflineBanner } from '../../app/shell/shell';

let server: Server;
let url = '';
const heard: (string | undefined)[] = [];

// A real server that notes the Accept-Language of every call.
beforeAll(async () => {
  server = createServer((req, res) => {
    heard.push(req.headers['accept-language']);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  await setLanguage('en-IN', false);
});

const browserLanguages = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

describe('choosing the language', () => {
  it('picks Hindi for any hi tag, English otherwise', () => {
    expect(pickLanguage(['hi'])).toBe('hi-IN');
    expect(pickLanguage(['fr-FR', 'hi-IN', 'en-US'])).toBe('hi-IN');
    expect(pickLanguage(['en-GB', 'hi'])).toBe('en-IN');
    expect(pickLanguage(['ta-IN'])).toBe('en-IN');
    expect(pickLanguage([])).toBe('en-IN');
  });

  it('starts in Hindi in a browser whose language is Hindi', async () => {
    browserLanguages(['hi-IN', 'en']);
    expect(detectLanguage()).toBe('hi-IN');
    await startLanguage();
    expect(currentLanguage()).toBe('hi-IN');
    expect(document.documentElement.lang).toBe('hi-IN');
    render(<OfflineBannerOffline />);
    expect(screen.getByTestId('offline-banner').textContent).toBe('आप ऑफ़लाइन हैं। इस डिवाइस पर सेव किए गए प्रोडक्ट दिखाए जा रहे हैं।');
  });

  it('keeps a stored choice over the browser language', () => {
    browserLanguages(['hi-IN']);
    localStorage.setItem(LANGUAGE_KEY, 'en-IN');
    expect(detectLanguage()).toBe('en-IN');
    browserLanguages(['en-US']);
    localStorage.setItem(LANGUAGE_KEY, 'hi-IN');
    expect(detectLanguage()).toBe('hi-IN');
  });

  it('switches texts and <html lang> at once, keeps the choice and sends it as Accept-Language', async () => {
    const http = createHttp({ prefixUrl: `${url}/api`, language: currentLanguage });
    await http.get('one').json();
    render(
      <>
        <LanguageSwitch />
        <OfflineBannerOffline />
      </>,
    );
    expect(screen.getByTestId('offline-banner').textContent).toBe('You are offline. Showing products saved on this device.');
    act(() => screen.getByRole('button', { name: 'हिन्दी' }).click());
    await screen.findByText('आप ऑफ़लाइन हैं। इस डिवाइस पर सेव किए गए प्रोडक्ट दिखाए जा रहे हैं।');
    expect(screen.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi-IN');
    await http.get('two').json();
    expect(heard.slice(-2)).toEqual(['en-IN', 'hi-IN']);
  });
});

describe('money in both languages', () => {
  it('prints ₹ with Indian grouping', async () => {
    expect(formatMoney(123456)).toBe('₹1,23,456.00');
    expect(formatMoney(-0.5)).toBe('-₹0.50');
    await setLanguage('hi-IN', false);
    expect(i18n.language).toBe('hi-IN');
    expect(formatMoney(123456)).toBe('₹1,23,456.00');
    expect(formatMoney(1234567.891)).toBe('₹12,34,567.89');
  });
});

/** The offline banner as it shows when the browser is offline. */
function OfflineBannerOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  return <OfflineBanner />;
}
