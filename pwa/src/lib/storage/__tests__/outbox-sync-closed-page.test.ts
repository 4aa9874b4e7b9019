// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../http/session';
import { tokens } from '../../http/tokens';
import { outbox, flushOutbox } from '../outbox-sync';

// A flush the app starts and does not wait for (`void flushOutbox()` after a write) can end after its page is gone. A
// torn-down test environment is such a page: jsdom's closed window throws on localStorage, and CI once failed on the
// three unhandled rejections of flushes that outlived their test files.
describe('the outbox flush after its page is gone', () => {
  it('ends with what is still waiting and throws nothing at the caller that went on', async () => {
    tokens.save({ accessToken: 'a', refreshToken: 'r' });
    setSessionUser({ _id: 'u1', name: 'Asha', email: 'asha@example.com', role: 'USER' } as never);
    // An op no feature registered: the flush keeps it queued, so something is waiting when it ends.
    await outbox.enqueue('unregistered.op', { productId: 'p1' });

    const flushing = flushOutbox();
    window.close();

    await expect(flushing).resolves.toBe(1);
    expect(() => localStorage.getItem('x')).toThrow(); // the page really is gone
  });
});
