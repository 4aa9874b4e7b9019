import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PUSH_NOT_ALLOWED_MESSAGE,
  PUSH_SERVICE_TIMEOUT_MESSAGE,
  PUSH_SERVICE_TIMEOUT_MS,
  PushServiceTimeoutError,
  turnPushOn,
  type PushEnvironment,
} from '../web-push';

/** A browser whose push service is out of reach: `subscribe()` is never answered, as in Chromium without a route to it. */
function unreachablePushService(overrides: Partial<PushEnvironment> = {}) {
  const subscribe = vi.fn(() => new Promise<PushSubscription>(() => {}));
  const send = vi.fn(() => Promise.resolve(undefined));
  const env: PushEnvironment = {
    supported: () => true,
    requestPermission: () => Promise.resolve('granted'),
    publicKey: () => Promise.resolve('BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'),
    registration: () => Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(null), subscribe } as unknown as PushManager }),
    send,
    timeoutMs: PUSH_SERVICE_TIMEOUT_MS,
    ...overrides,
  };
  return { env, subscribe, send };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Web Push opt-in when the push service cannot be reached', () => {
  it('gives up within 15 s with a message saying so, and sends nothing to the API', async () => {
    vi.useFakeTimers();
    const { env, subscribe, send } = unreachablePushService();
    const outcome = turnPushOn(env).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(PUSH_SERVICE_TIMEOUT_MS - 1);
    expect(subscribe).toHaveBeenCalledOnce();
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false); // still waiting just before the limit
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(PushServiceTimeoutError);
    expect((error as Error).message).toBe(PUSH_SERVICE_TIMEOUT_MESSAGE);
    expect(PUSH_SERVICE_TIMEOUT_MESSAGE).toMatch(/could not reach its push service/);
    expect(PUSH_SERVICE_TIMEOUT_MS).toBeLessThanOrEqual(15_000);
    expect(send).not.toHaveBeenCalled();
  });

  it('a service worker that never becomes ready is timed out too', async () => {
    vi.useFakeTimers();
    const { env, send } = unreachablePushService({ registration: () => new Promise(() => {}) });
    const outcome = turnPushOn(env).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(PUSH_SERVICE_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(PushServiceTimeoutError);
    expect(send).not.toHaveBeenCalled();
  });

  it('a private window refusing the subscription gets a plain message, not "Registration failed - permission denied"', async () => {
    const { env, send } = unreachablePushService({
      registration: () =>
        Promise.resolve({
          pushManager: {
            getSubscription: () => Promise.resolve(null),
            subscribe: () => Promise.reject(new DOMException('Registration failed - permission denied', 'NotAllowedError')),
          } as unknown as PushManager,
        }),
    });
    const error = await turnPushOn(env).catch((e: unknown) => e);
    expect((error as Error).message).toBe(PUSH_NOT_ALLOWED_MESSAGE);
    expect((error as Error).message).not.toMatch(/Registration failed/);
    expect(send).not.toHaveBeenCalled();
  });

  it('a push service that answers in time subscribes as before', async () => {
    const subscription = { toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }) };
    const { env, send } = unreachablePushService({
      registration: () =>
        Promise.resolve({
          pushManager: { getSubscription: () => Promise.resolve(null), subscribe: () => Promise.resolve(subscription) } as unknown as PushManager,
        }),
    });
    await expect(turnPushOn(env)).resolves.toBe('on');
    expect(send).toHaveBeenCalledWith(subscription.toJSON());
  });

  it('the permission prompt itself is not timed: the person answers at their own pace', async () => {
    vi.useFakeTimers();
    let answer: (p: NotificationPermission) => void = () => {};
    const { env } = unreachablePushService({ requestPermission: () => new Promise((r) => (answer = r)) });
    const outcome = turnPushOn(env);
    await vi.advanceTimersByTimeAsync(PUSH_SERVICE_TIMEOUT_MS * 3);
    answer('denied');
    await expect(outcome).resolves.toBe('blocked');
  });
});
