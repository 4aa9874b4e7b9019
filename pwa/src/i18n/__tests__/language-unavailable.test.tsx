// @vitest-environment jsdom
import { expect, it, vi } from 'vitest';
import { getDefaultStore } from 'jotai';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LANGUAGE_KEY } from '../languages';
import { currentLanguage } from '../i18n';
import { LanguageSwitch } from '../../lib/ui/language-switch';
import { toastsAtom } from '../../lib/ui/toast';

// Hindi's texts cannot be fetched, as offline on a device that has never shown them (the chunk is cached when first
// loaded, not precached). Its own file: no other test has loaded them.
vi.mock('../hi-IN', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

it('says so when Hindi cannot be loaded, and the shop stays in English', async () => {
  render(<LanguageSwitch />);
  fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
  await waitFor(() =>
    expect(getDefaultStore().get(toastsAtom)).toEqual([
      expect.objectContaining({
        kind: 'error',
        message: 'Hindi could not be loaded: it needs a connection the first time. Check your connection and try again.',
      }),
    ]),
  );
  expect(currentLanguage()).toBe('en-IN');
  expect(document.documentElement.lang).not.toBe('hi-IN');
  expect(localStorage.getItem(LANGUAGE_KEY)).toBeNull();
  expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
  cleanup();
});
