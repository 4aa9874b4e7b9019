import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { setSessionUser } from '../../../lib/http/session';
import { tokens } from '../../../lib/http/tokens';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { NewOrdersBadge } from '../new-orders-badge';
import { queryClient } from '../../../lib/query/query-client';
import { countNewOrder, markOrdersSeen } from '../new-orders-counter';
import { until } from '../../../test-support/until';

/**
 * The badge across the session's life (docs/product.md#screens, Dashboard): the count is the server's, so
 * the realtime connection opening (after the count has been read, or before) never changes it; only
 * another session does. The API is a real local HTTP server; socket.io-client is a stand-in socket that
 * never connects (the socket's own events are covered by realtime-handlers.test.ts).
 */
const sockets = vi.hoisted(() => ({ opened: 0 }));
vi.mock('socket.io-client', () => ({
  io: () => {
    sockets.opened++;
    const socket = { active: false, connected: false, on: () => socket, connect: () => socket, disconnect: () => socket, emit: () => socket };
    return socket;
  },
}));

const ADMIN: User = {
  _id: 'A1',
  name: 'Admin',
  username: 'admin',
  email: 'admin@example.com',
  avatar: '',
  mobile: '',
  verify_email: true,
  last_login_date: null,
  status: 'Active',
  role: 'ADMIN',
  address_details: [],
  shopping_cart: [],
  orderHistory: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};
const OTHER_ADMIN: User = { ...ADMIN, _id: 'A2', username: 'admin2', email: 'admin2@example.com' };
/** Each admin's count on the (stand-in) server, by access token; `held` keeps answers until released, `failing` fails them. */
const counts: Record<string, number> = {};
let held: Promise<void> | null = null;
let failing = false;
let asked = 0;
let seen = 0;
/** Requests the server has not finished answering (or seen closed). */
let open = 0;
withLocalApiServer((req, res) => {
  open++;
  res.on('close', () => open--);
  req.resume();
  req.on('end', () => {
    void (async () => {
      const token = req.headers.authorization?.replace('Bearer ', '') ?? '';
      if (req.url === '/api/order/admin/new-orders/seen' && token in counts) {
        seen++;
        counts[token] = 0;
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ success: true, error: false, message: 'Seen', data: null }));
      }
      if (req.url !== '/api/order/admin/new-orders' || !(token in counts)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ success: false, error: true, message: 'Not found' }));
      }
      asked++;
      const count = counts[token];
      await held;
      if (failing) {
        res.writeHead(503, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ success: false, error: true, message: 'Try again' }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, error: false, message: 'New orders', data: { count, seenAt: null } }));
    })();
  });
});

/** Every answer sent and taken in: what the badge shows now, it keeps. */
const settled = () =>
  until(() => {
    expect(open).toBe(0);
    expect(queryClient.isFetching()).toBe(0);
  });
function signIn(user: User, token: string) {
  tokens.save({ accessToken: token, refreshToken: `r-${token}` });
  setSessionUser(user);
}

beforeEach(() => {
  held = null;
  failing = false;
  seen = 0;
  counts.a1 = 2;
  counts.a2 = 1;
  sockets.opened = 0;
  asked = 0;
});
afterEach(async () => {
  cleanup();
  const { stopRealtime } = await import('../realtime-connection');
  stopRealtime();
  tokens.clear();
  setSessionUser(null);
});

describe("the admin's New Orders badge in a session", () => {
  it('keeps the count read on a page load when the realtime connection opens after it', async () => {
    signIn(ADMIN, 'a1');
    render(<NewOrdersBadge />);
    await screen.findByText('New Orders: 2');
    // The dashboard opens the connection too (useRealtime); its chunk may load after the count arrived.
    const { startRealtime } = await import('../realtime-connection');
    act(() => startRealtime());
    await until(() => expect(sockets.opened).toBe(1));
    expect(screen.getByText('New Orders: 2')).toBeTruthy();
  });

  it("shows the server's count when the connection opened first", async () => {
    signIn(ADMIN, 'a1');
    const { startRealtime } = await import('../realtime-connection');
    startRealtime();
    await until(() => expect(sockets.opened).toBe(1));
    render(<NewOrdersBadge />);
    await screen.findByText('New Orders: 2');
  });

  it('signing out clears it: an answer asked for before never shows', async () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    signIn(ADMIN, 'a1');
    const { container } = render(<NewOrdersBadge />);
    await until(() => expect(asked).toBe(1));
    act(() => {
      tokens.clear();
      setSessionUser(null);
    });
    release();
    await settled();
    expect(container.textContent).toBe('');
  });

  it('a new-order event adds one at once, and a failed read after it keeps the count shown', async () => {
    signIn(ADMIN, 'a1');
    render(<NewOrdersBadge />);
    await screen.findByText('New Orders: 2');
    failing = true;
    act(() => countNewOrder());
    await screen.findByText('New Orders: 3');
    await until(() => expect(asked).toBe(2));
    await settled();
    expect(screen.getByText('New Orders: 3')).toBeTruthy();
  });

  it('never goes back to an older answer that arrives after a newer one', async () => {
    signIn(ADMIN, 'a1');
    render(<NewOrdersBadge />);
    await screen.findByText('New Orders: 2');
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    act(() => countNewOrder()); // asks while the server counts 2 (held)
    await until(() => expect(asked).toBe(2));
    counts.a1 = 4;
    held = null;
    act(() => countNewOrder()); // asks again: 4, answered at once
    await screen.findByText('New Orders: 4');
    release();
    await settled();
    expect(screen.getByText('New Orders: 4')).toBeTruthy();
  });

  it('drops a count asked for before Manage Orders was opened', async () => {
    signIn(ADMIN, 'a1');
    counts.a1 = 5;
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    const { container } = render(<NewOrdersBadge />);
    await until(() => expect(asked).toBe(1));
    await act(() => markOrdersSeen());
    expect(seen).toBe(1);
    release();
    await settled();
    expect(container.textContent).toBe('');
  });

  it('another admin in the same tab sees their own count, read again', async () => {
    signIn(ADMIN, 'a1');
    render(<NewOrdersBadge />);
    await screen.findByText('New Orders: 2');
    act(() => signIn(OTHER_ADMIN, 'a2'));
    await screen.findByText('New Orders: 1');
  });
});
