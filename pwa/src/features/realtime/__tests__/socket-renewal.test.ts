import { afterEach, describe, expect, it } from 'vitest';
import type { SocketAuthAnswer } from '@haat/shared/orders/order-events';
import { TOKEN_KEYS } from '@haat/shared/common/limits';
import { tokens } from '../../../lib/http/tokens';
import { renewSocketAuth, type RenewableSocket } from '../socket-renewal';

/** A socket that records what it is sent and answers each `auth` as told. */
function fakeSocket(connected: boolean, answer: SocketAuthAnswer = { ok: true, expiresAt: 1 }) {
  const sent: Array<{ token: string }> = [];
  const socket: RenewableSocket & { connected: boolean } = {
    connected,
    emit: (_event, payload, ack) => {
      sent.push(payload);
      ack(answer);
    },
  };
  return { socket, sent };
}

describe('the realtime socket is handed every refreshed access token (docs/decisions/0041-admin-orders-and-realtime.md)', () => {
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    localStorage.clear();
  });

  it('sends `auth` with the new token when this tab refreshes, and hears that the server took it', () => {
    const { socket, sent } = fakeSocket(true);
    const taken: string[] = [];
    stops.push(
      renewSocketAuth(
        socket,
        (l) => tokens.onAccess(l),
        (t) => taken.push(t),
      ),
    );
    tokens.save({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(sent).toEqual([{ token: 'access-2' }]);
    expect(taken).toEqual(['access-2']);
    // Saving the same token again (another tab's refresh read back) sends nothing more.
    tokens.save({ accessToken: 'access-2' });
    expect(sent).toHaveLength(1);
  });

  it('sends the token another tab refreshed, through the storage event', () => {
    const { socket, sent } = fakeSocket(true);
    stops.push(renewSocketAuth(socket, (l) => tokens.onAccess(l)));
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEYS.access, newValue: 'from-other-tab' }));
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEYS.refresh, newValue: 'not-an-access-token' }));
    expect(sent).toEqual([{ token: 'from-other-tab' }]);
  });

  it('sends nothing on a closed socket (its reconnect reads the token), and nothing once stopped', () => {
    const closed = fakeSocket(false);
    stops.push(renewSocketAuth(closed.socket, (l) => tokens.onAccess(l)));
    const open = fakeSocket(true);
    const stop = renewSocketAuth(open.socket, (l) => tokens.onAccess(l));
    stop();
    tokens.save({ accessToken: 'access-3' });
    expect(closed.sent).toEqual([]);
    expect(open.sent).toEqual([]);
  });

  it('does not count a refused token as taken', () => {
    const { socket, sent } = fakeSocket(true, { ok: false, code: 'UNAUTHORIZED', message: 'no' });
    const taken: string[] = [];
    stops.push(
      renewSocketAuth(
        socket,
        (l) => tokens.onAccess(l),
        (t) => taken.push(t),
      ),
    );
    tokens.save({ accessToken: 'access-4' });
    expect(sent).toHaveLength(1);
    expect(taken).toEqual([]);
  });
});
