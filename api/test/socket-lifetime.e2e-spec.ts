import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SocketClosedEvent } from '@haat/shared/orders/order-events';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { MAX_SOCKETS_PER_USER, RealtimeGateway } from '../src/realtime/realtime.gateway.js';
import { PORTABLE_DB_KINDS, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { baseUrl, collect, connectSocket, waitFor, type HaatSocket } from './socket-client.js';
import { waitUntil } from './wait-until.js';

/**
 * A socket lives as long as its access token, unless `auth` hands it a fresh one; one account keeps at
 * most MAX_SOCKETS_PER_USER sockets (docs/decisions/0041-admin-orders-and-realtime.md).
 * The first suite runs with ACCESS_TOKEN_TTL=3s so tokens expire during the test.
 */

/** The `exp` claim (epoch seconds) of a JWT. */
const expOf = (jwt: string): number => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).exp;

/** Resolves with the disconnect reason and when it happened, or fails after `ms`. */
function disconnected(socket: HaatSocket, ms: number): Promise<{ reason: string; at: number }> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return reject(new Error('already disconnected'));
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ reason, at: Date.now() });
    });
  });
}

describe('ACCESS_TOKEN_TTL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-ttl-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const ttl = (value?: string) => loadConfig({ DATA_DIR: dataDir, ...(value === undefined ? {} : { ACCESS_TOKEN_TTL: value }) }).accessTokenTtlSeconds;

  it('takes seconds or a duration, 15 minutes by default, and names a wrong value', () => {
    expect(ttl()).toBe(900);
    expect(ttl('900')).toBe(900);
    expect(ttl('30s')).toBe(30);
    expect(ttl('15m')).toBe(900);
    expect(ttl('1h')).toBe(3600);
    expect(ttl('')).toBe(900); // empty is unset, like every variable
    for (const wrong of ['0', 'soon', '-5', '2d', '25h', '1.5m']) {
      expect(() => ttl(wrong)).toThrow(ConfigError);
      expect(() => ttl(wrong)).toThrow(/ACCESS_TOKEN_TTL/);
    }
  });
});

describe.each(PORTABLE_DB_KINDS)('socket lifetime with 3-second access tokens (%s)', (kind) => {
  let t: TestApp;
  const sockets: HaatSocket[] = [];
  const open = async (token: string) => {
    const s = await connectSocket(baseUrl(t), token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startApp(kind, { ACCESS_TOKEN_TTL: '3s' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  /** A fresh access token of the same session whose expiry is later than `than`'s (JWT times are whole seconds). */
  async function laterToken(refreshToken: string, than: string): Promise<{ token: string; refreshToken: string }> {
    let refresh = refreshToken;
    return waitUntil(
      async () => {
        const res = await api(t).post('/api/user/refresh-token').set(bearer(refresh));
        expect(res.status).toBe(200);
        refresh = res.body.data.refreshToken;
        return expOf(res.body.data.accessToken) > expOf(than) ? { token: res.body.data.accessToken as string, refreshToken: refresh } : undefined;
      },
      { intervalMs: 100, message: 'a refreshed access token expiring later than the last one' },
    );
  }

  it('closes a socket when its access token expires, saying why', async () => {
    const c = await newCustomer(t);
    const s = await open(c.token);
    const closed = collect(s, 'socket-closed' as never) as unknown as SocketClosedEvent[];
    const end = await disconnected(s, 6000);
    expect(end.reason).toBe('io server disconnect');
    expect(closed).toEqual([{ reason: 'token-expired' }]);
    expect(end.at).toBeGreaterThanOrEqual(expOf(c.token) * 1000 - 50);
    // The same token no longer opens a socket either.
    await expect(connectSocket(baseUrl(t), c.token)).rejects.toThrow(/unauthorized/);
  });

  it('keeps a socket open past the old expiry after `auth` with a fresh token, until the new one expires', async () => {
    const c = await newCustomer(t);
    const renewed = await open(c.token);
    const control = await open(c.token);
    const fresh = await laterToken(c.refreshToken, c.token);
    const answer = await renewed.timeout(2000).emitWithAck('auth', { token: fresh.token });
    expect(answer).toEqual({ ok: true, expiresAt: expOf(fresh.token) * 1000 });
    const renewedClosed = collect(renewed, 'socket-closed' as never) as unknown as SocketClosedEvent[];
    const renewedEnd = disconnected(renewed, 8000);
    // The control socket, never renewed, closes at the first token's expiry; the renewed one is still open then.
    await disconnected(control, 6000);
    expect(renewed.connected).toBe(true);
    // And it closes in turn when the fresh token expires.
    const end = await renewedEnd;
    expect(end.at).toBeGreaterThanOrEqual(expOf(fresh.token) * 1000 - 50);
    expect(renewedClosed).toEqual([{ reason: 'token-expired' }]);
  });

  it('refuses `auth` with a bad token, a refresh token or another account’s token, and changes nothing', async () => {
    const c = await newCustomer(t);
    const other = await newCustomer(t);
    const s = await open(c.token);
    for (const token of ['garbage', c.refreshToken, other.token, '']) {
      const answer = await s.timeout(2000).emitWithAck('auth', { token });
      expect(answer).toMatchObject({ ok: false, code: 'UNAUTHORIZED', message: expect.any(String) });
    }
    const answer = await s.timeout(2000).emitWithAck('auth', 'not an object' as never);
    expect(answer).toMatchObject({ ok: false });
    // Still this account's socket, still ending with its own token.
    const end = await disconnected(s, 6000);
    expect(end.at).toBeGreaterThanOrEqual(expOf(c.token) * 1000 - 50);
  });

  it('refuses `auth` once the session is signed out', async () => {
    const c = await newCustomer(t);
    // The socket opens on the newest token, so its 3 seconds are not spent waiting for that token (a busy machine
    // let the first token's socket expire before the sign-out it is here to see).
    const fresh = await laterToken(c.refreshToken, c.token);
    const s = await open(fresh.token);
    const ended = disconnected(s, 6000);
    expect((await api(t).get('/api/user/logout').set(bearer(fresh.token))).status).toBeLessThan(300);
    // Logout closes the session's sockets at once; a second socket cannot be renewed either.
    await ended;
    await expect(connectSocket(baseUrl(t), fresh.token)).rejects.toThrow(/unauthorized/);
  });
});

describe.each(PORTABLE_DB_KINDS)('sockets per account (%s)', (kind) => {
  let t: TestApp;
  const sockets: HaatSocket[] = [];
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it(`keeps at most ${MAX_SOCKETS_PER_USER} per account: one more closes the oldest, saying why`, async () => {
    const c = await newCustomer(t);
    const bystander = await newCustomer(t);
    const theirs = await connectSocket(baseUrl(t), bystander.token);
    sockets.push(theirs);
    const mine: HaatSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) mine.push(await connectSocket(baseUrl(t), c.token));
    sockets.push(...mine);
    const oldestClosed = collect(mine[0]!, 'socket-closed' as never) as unknown as SocketClosedEvent[];
    const oldestEnd = disconnected(mine[0]!, 5000);
    const newest = await connectSocket(baseUrl(t), c.token);
    sockets.push(newest);
    expect((await oldestEnd).reason).toBe('io server disconnect');
    await waitFor(oldestClosed, (e) => e.reason === 'too-many-sockets');
    expect(newest.connected).toBe(true);
    expect(mine.slice(1).every((s) => s.connected)).toBe(true);
    expect(theirs.connected).toBe(true);
    // Another one closes the next oldest, never the newest.
    const nextEnd = disconnected(mine[1]!, 5000);
    const another = await connectSocket(baseUrl(t), c.token);
    sockets.push(another);
    await nextEnd;
    expect(newest.connected && another.connected).toBe(true);
  });

  it('counts a closed socket out: an account that closes one may open another without losing any', async () => {
    const c = await newCustomer(t);
    const gateway = t.app.get(RealtimeGateway);
    const mine: HaatSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) mine.push(await connectSocket(baseUrl(t), c.token));
    sockets.push(...mine);
    expect(gateway.socketIdsOf(c.id)).toEqual(mine.map((s) => s.id));
    const gone = mine.pop()!;
    gone.close();
    await waitUntil(() => gateway.socketIdsOf(c.id).length === MAX_SOCKETS_PER_USER - 1, {
      intervalMs: 10,
      message: () => `the closed socket counted out (${gateway.socketIdsOf(c.id).length} of the user's sockets tracked)`,
    });
    const extra = await connectSocket(baseUrl(t), c.token);
    sockets.push(extra);
    // The server tracks the new socket before the client hears it is connected: nothing was closed.
    expect(gateway.socketIdsOf(c.id)).toEqual([...mine, extra].map((s) => s.id));
  });
});
