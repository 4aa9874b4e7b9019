// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttp } from '../create-http';
import { tokens } from '../tokens';
import { startTokenServer, type TokenServer } from '../../../test-support/token-server';

let server: TokenServer;
let lost: boolean[];
let errors: string[];

function client() {
  return createHttp({ prefixUrl: `${server.url}/api`, onAuthLost: (redirect) => lost.push(redirect), onError: (m) => errors.push(m) });
}

beforeEach(async () => {
  server = await startTokenServer();
  lost = [];
  errors = [];
  localStorage.clear();
  window.history.replaceState({}, '', '/cart');
});
afterEach(() => server.close());

describe('the refresh flow (docs/product.md#states)', () => {
  it('three concurrent 401s run one refresh and retry each call once with the new token', async () => {
    tokens.save(server.issue());
    server.expireAccess();
    const http = client();
    const answers = await Promise.all([
      http.get('cart/get').json<{ data: { path: string } }>(),
      http.post('cart/add', { json: { productId: 'a1' } }).json<{ data: { body: string } }>(),
      http.put('cart/sync', { json: { items: [{ productId: 'b2', quantity: 3 }] } }).json<{ data: { body: string } }>(),
    ]);
    expect(server.refreshCalls).toBe(1);
    expect(answers[0].data.path).toBe('/api/cart/get');
    // Bodies survive the retry: the request is re-sent whole, not re-built from nothing.
    expect(JSON.parse(answers[1].data.body)).toEqual({ productId: 'a1' });
    expect(JSON.parse(answers[2].data.body)).toEqual({ items: [{ productId: 'b2', quantity: 3 }] });
    const withNewToken = server.seen.filter((s) => s.auth === 'Bearer access-2');
    expect(withNewToken.map((s) => s.path).sort()).toEqual(['/api/cart/add', '/api/cart/get', '/api/cart/sync']);
    expect(server.seen).toHaveLength(6);
    expect(tokens.access()).toBe('access-2');
    expect(tokens.refresh()).toBe('refresh-2');
    expect(lost).toEqual([]);
  });

  it('a 401 for a token another tab already replaced is retried with the new token, without a second refresh', async () => {
    tokens.save(server.issue());
    server.expireAccess();
    let raced = false;
    // While our call is on the wire with the old token, "another tab" refreshes and stores the new pair.
    const racingFetch: typeof fetch = async (input, init) => {
      if (!raced) {
        raced = true;
        const answer = await fetch(`${server.url}/api/user/refresh-token`, { method: 'POST', headers: { authorization: `Bearer ${tokens.refresh()}` } });
        tokens.save(((await answer.json()) as { data: { accessToken: string; refreshToken: string } }).data);
      }
      return fetch(input, init);
    };
    const http = createHttp({ prefixUrl: `${server.url}/api`, fetch: racingFetch });
    await http.get('cart/get');
    expect(server.refreshCalls).toBe(1);
    expect(server.seen.map((s) => s.auth)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it('without a refresh token the tokens are cleared and the user is sent to /login', async () => {
    localStorage.setItem('accesstoken', 'stale');
    await expect(client().get('cart/get')).rejects.toThrow('Please login to continue.');
    expect(server.refreshCalls).toBe(0);
    expect(tokens.access()).toBeNull();
    expect(lost).toEqual([true]);
  });

  it('a reused (rotated-away) refresh token ends the session but stays put on catalogue calls', async () => {
    const first = server.issue();
    tokens.save(first);
    server.expireAccess();
    await client().get('cart/get'); // refreshes: refresh-1 is now dead, refresh-2 live
    expect(tokens.refresh()).toBe('refresh-2');
    server.expireAccess();
    tokens.save(first); // as if an old copy of the token came back
    await expect(client().post('product/get-product-details', { json: { productId: 'x' } })).rejects.toThrow('Please login to continue.');
    expect(server.refreshCalls).toBe(2);
    expect(tokens.access()).toBeNull();
    expect(tokens.refresh()).toBeNull();
    expect(lost).toEqual([false]);
  });

  it('does not send a user who is already on /login there again', async () => {
    window.history.replaceState({}, '', '/login');
    localStorage.setItem('accesstoken', 'stale');
    await client()
      .get('cart/get')
      .catch(() => undefined);
    expect(lost).toEqual([false]);
  });

  it('keeps the session when the refresh cannot reach the server (offline is not signed out)', async () => {
    tokens.save(server.issue());
    server.expireAccess();
    const http = createHttp({
      prefixUrl: `${server.url}/api`,
      fetch: (input, init) =>
        String(input instanceof Request ? input.url : input).includes('refresh') ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init),
    });
    await expect(http.get('cart/get')).rejects.toThrow(TypeError);
    expect(tokens.refresh()).toBe('refresh-1');
  });
});

describe('server messages', () => {
  it('become the error message and a toast, unless the call is silent', async () => {
    const http = client();
    await expect(http.post('cart/conflict')).rejects.toThrow('Only 2 left in stock.');
    await expect(http.post('cart/conflict', { context: { silent: true } })).rejects.toThrow('Only 2 left in stock.');
    expect(errors).toEqual(['Only 2 left in stock.']);
  });
});
