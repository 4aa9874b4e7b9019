import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_SERVICE_TIMEOUT_MESSAGE, PUSH_SERVICE_TIMEOUT_MS, turnPushOn, type PushEnvironment, type PushState } from '../../realtime/public';
import { PushToggle } from '../push-toggle';

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
  it('is busy while trying (not disabled: focus stays on it), then says clearly what went wrong', async () => {
    vi.useFakeTimers();
    render(<PushToggle push={{ current: () => Promise.resolve('off'), on: () => turnPushOn(unreachable), off: () => Promise.resolve('off') }} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Get new-order notifications on this device' });
    button.focus();
    fireEvent.click(button);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('alert')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(PUSH_SERVICE_TIMEOUT_MS));
    expect(screen.getByRole('alert').textContent).toBe(PUSH_SERVICE_TIMEOUT_MESSAGE);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Get new-order notifications on this device' }).getAttribute('aria-busy')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.getByRole('status').textContent).toBe('New-order notifications are off for this device.');
  });
});

describe("the shopper's offer on the success page", () => {
  const controls = (initial: PushState) => ({
    current: () => Promise.resolve(initial),
    on: () => Promise.resolve<PushState>('on'),
    off: () => Promise.resolve<PushState>('off'),
  });

  it('offers once to tell this device when the order moves, then says it will, with nothing to undo there', async () => {
    render(<PushToggle audience="shopper" offerOnly push={controls('off')} />);
    const offer = await screen.findByRole('button', { name: 'Tell me when my order moves' });
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(offer);
    expect((await screen.findByRole('status')).textContent).toBe('This device is told when your orders move.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says nothing where updates are already on, blocked or impossible', async () => {
    for (const state of ['on', 'blocked', 'unsupported'] as const) {
      const push = controls(state);
      const current = vi.fn(push.current);
      const { container, unmount } = render(<PushToggle audience="shopper" offerOnly push={{ ...push, current }} />);
      await act(async () => {
        await current.mock.results[0]?.value;
      });
      expect(container.textContent, state).toBe('');
      unmount();
    }
  });

  it('on the account page turns them off again', async () => {
    render(<PushToggle audience="shopper" push={controls('on')} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off order updates on this device' }));
    expect(await screen.findByRole('button', { name: 'Tell me when my order moves' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Order updates are off for this device.');
  });
});

/** The real turnPushOn, in a browser that closes its question unanswered (permission stays "default"). */
const unanswered: PushEnvironment = { ...unreachable, requestPermission: () => Promise.resolve('default') };

describe('the push toggle when the browser does not give permission', () => {
  // My Profile's "Tell me when my order moves" said nothing; the success page's offer is the same control and says the same.
  for (const offerOnly of [false, true]) {
    it(`says so beside the button (${offerOnly ? 'the success page' : 'My Profile'})`, async () => {
      render(
        <PushToggle
          audience="shopper"
          offerOnly={offerOnly}
          push={{ current: () => Promise.resolve('off'), on: () => turnPushOn(unanswered), off: () => Promise.resolve('off') }}
        />,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Tell me when my order moves' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'This browser did not allow notifications here (the question was closed, a private window, or notifications blocked for this site), so they were not turned on.',
      );
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Tell me when my order moves' }).disabled).toBe(false);
    });
  }
});
