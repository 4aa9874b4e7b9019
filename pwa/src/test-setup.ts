// The app's texts (i18n/i18n.ts, English), as start-app has them before the first render.
import './i18n/i18n';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from './lib/query/query-client';
import { SETTLE_MS } from './test-support/until';

// findBy…/waitFor poll until the unit tests' one deadline (Testing Library's default is 1 s; test-support/until.ts
// says why). The test's own deadline is longer (vite.config.ts).
configure({ asyncUtilTimeout: SETTLE_MS });

// jsdom's <dialog> has no showModal() or close(): open and close it as the browser would, so a dialog's contents are in
// the page when a test opens it (lib/ui/modal-dialog.tsx calls showModal() when it is there). Files run in Node have none.
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
}
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.close !== 'function') {
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// Each test starts with an empty online-read cache, as a fresh page load does: one test's answers must not be on the
// next test's screen (TanStack Query's own advice for tests is a client per test; the app has one client, so it is emptied).
afterEach(() => queryClient.clear());
