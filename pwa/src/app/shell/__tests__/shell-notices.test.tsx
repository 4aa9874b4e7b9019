import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt, installPromptAtom } from '../../../lib/device/install-prompt';
import { updateWaitingAtom } from '../../../lib/device/service-worker';
import { InstallButton } from '../header';
import { OfflineBanner } from '../shell';
import { UpdateToast } from '../shell-notices';

const store = getDefaultStore();
afterEach(() => {
  cleanup();
  store.set(installPromptAtom, null);
  store.set(updateWaitingAtom, false);
});

describe('the install button', () => {
  it('appears only after beforeinstallprompt, and shows the browser prompt once', async () => {
    captureInstallPrompt();
    render(<InstallButton />);
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    const prompt = vi.fn(() => Promise.resolve());
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true); // the browser's own mini-infobar is held back
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Install' }));
      return Promise.resolve();
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull(); // a prompt can be used once
  });
});

describe('the update toast', () => {
  it('says "Update available — Reload" once a new service worker waits', () => {
    render(<UpdateToast />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => store.set(updateWaitingAtom, true));
    expect(screen.getByRole('status').textContent).toBe('Update available — Reload');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});

describe('the offline banner', () => {
  it('shows while the browser is offline', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-banner').textContent).toContain('You are offline');
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    online.mockRestore();
  });
});
