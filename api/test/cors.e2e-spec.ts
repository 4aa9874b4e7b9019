import { io } from 'socket.io-client';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { api, newCustomer, startApp, type TestApp } from './harness.js';
import { baseUrl } from './socket-client.js';

const LISTED = 'http://shop.example:8080';
const OTHER = 'http://evil.example';

/** A socket.io handshake as a browser on `origin` would make it; answers 'connected' or the refusal. */
function socketFrom(t: TestApp, origin: string, token: string, transport: 'websocket' | 'polling'): Promise<string> {
  const socket = io(baseUrl(t), { transports: [transport], auth: { token }, extraHeaders: { origin }, reconnection: false, forceNew: true, timeout: 5000 });
  return new Promise((resolve) => {
    socket.once('connect', () => (socket.close(), resolve('connected')));
    socket.once('connect_error', (e) => (socket.close(), resolve(`refused: ${e.message}`)));
  });
}

describe('CORS with CORS_ORIGINS set', () => {
  let t: TestApp, token: string;
  beforeAll(async () => {
    t = await startApp('pglite', { CORS_ORIGINS: `${LISTED}, http://localhost:5999` });
    token = (await newCustomer(t)).token;
  });
  afterAll(() => t.close());

  it('answers a listed origin’s preflight with its origin, credentials and the headers it asked for', async () => {
    const res = await api(t)
      .options('/api/order/cash-on-delivery')
      .set('Origin', LISTED)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(res.headers['access-control-allow-headers']!.toLowerCase()).toEqual(expect.stringContaining('idempotency-key'));
    expect(res.headers['access-control-max-age']).toBe('600');
  });

  it('lets a listed origin read answers (and the request id), errors included', async () => {
    const res = await api(t).get('/api/cart/get').set('Origin', LISTED).set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toMatch(/X-Request-Id/i);
    const denied = await api(t).get('/api/cart/get').set('Origin', LISTED);
    expect(denied.status).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe(LISTED);
  });

  it('gives an unlisted origin nothing: no allow-origin on the preflight or the answer', async () => {
    const pre = await api(t).options('/api/user/login').set('Origin', OTHER).set('Access-Control-Request-Method', 'POST');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const res = await api(t).get('/api/category/get').set('Origin', OTHER);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('socket.io follows the same list, over WebSocket and long-polling', async () => {
    expect(await socketFrom(t, LISTED, token, 'websocket')).toBe('connected');
    expect(await socketFrom(t, LISTED, token, 'polling')).toBe('connected');
    expect(await socketFrom(t, OTHER, token, 'websocket')).toMatch(/^refused/);
    expect(await socketFrom(t, OTHER, token, 'polling')).toMatch(/^refused/);
    // Same origin (the PWA itself, or the dev server's proxy) still connects.
    expect(await socketFrom(t, baseUrl(t), token, 'websocket')).toBe('connected');
  });
});

describe('CORS with CORS_ORIGINS unset (same origin only)', () => {
  let t: TestApp, token: string;
  beforeAll(async () => {
    t = await startApp('pglite');
    token = (await newCustomer(t)).token;
  });
  afterAll(() => t.close());

  it('sends no CORS headers to any other origin, and refuses its socket', async () => {
    const pre = await api(t).options('/api/user/login').set('Origin', LISTED).set('Access-Control-Request-Method', 'POST');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const res = await api(t).get('/api/category/get').set('Origin', LISTED);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(await socketFrom(t, LISTED, token, 'websocket')).toMatch(/^refused/);
    expect(await socketFrom(t, baseUrl(t), token, 'websocket')).toBe('connected');
  });
});

describe('CORS_ORIGINS', () => {
  it('must list origins, naming a bad one', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/haat-cors-config', CORS_ORIGINS: 'http://ok.example, shop.example/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp/haat-cors-config', CORS_ORIGINS: 'http://a.example/x' })).toThrow(/is not an origin/);
    expect(loadConfig({ DATA_DIR: '/tmp/haat-cors-config', CORS_ORIGINS: 'http://a.example, https://b.example:8443/' }).corsOrigins).toEqual([
      'http://a.example',
      'https://b.example:8443',
    ]);
  });
});
