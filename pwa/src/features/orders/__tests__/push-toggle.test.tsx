import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_SERVICE_TIMEOUT_MESSAGE, PUSH_SERVICE_TIMEOUT_MS, turnPushOn, type PushEnvironment } from '../../realtime/public';
import { PushToggle } from '../components/push-toggle';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The real turnPushOn, in a browser whose push service never answers `subscribe()`. */
const unreachable: PushEnvironment = {
  supported: () => true,
  requestPermission: () => Promise.resolve('granted'),
  publicKey: () => Promise.resolve('BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'),
  registration: () =>
    Promise.resolve({
      pushManager: { getSubscription: () => Promise.resolve(null), subscribe: () => new Promise<PushSubscription>(() => {}) } as unknown as PushManager,
    }),
  send: () => Promise.resolve(undefined),
  timeoutMs: PUSH_SERVICE_TIMEOUT_MS,
};

describe('the push toggle when the push service is out of reach', () => {
  it('is disabled while trying, then gives the button back with a clear message', async () => {
    vi.useFakeTimers();
    render(<PushToggle push={{ current: () => Promise.resolve('off'), on: () => turnPushOn(unreachable), off: () => Promise.resolve('off') }} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Get new-order notifications on this device' });
    fireEvent.click(button);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(PUSH_SERVICE_TIMEOUT_MS));
    expect(screen.getByRole('alert').textContent).toBe(PUSH_SERVICE_TIMEOUT_MESSAGE);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Get new-order notifications on this device' }).disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('New-order notifications are off for this device.');
  });
});
