// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { LANGUAGE_KEY } from '../languages';
import { currentLanguage, setLanguage } from '../i18n';

// Its own file: Hindi's texts are not loaded yet, as on a device that has never shown them.
it('keeps the last choice when Hindi is tapped, then English before Hindi has loaded', async () => {
  const hindi = setLanguage('hi-IN');
  const english = setLanguage('en-IN');
  await Promise.all([hindi, english]);
  expect(currentLanguage()).toBe('en-IN');
  expect(document.documentElement.lang).toBe('en-IN');
  expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en-IN');
  // And the other way round, with Hindi's texts loaded by now.
  await Promise.all([setLanguage('en-IN'), setLanguage('hi-IN')]);
  expect(currentLanguage()).toBe('hi-IN');
  expect(document.documentElement.lang).toBe('hi-IN');
});
