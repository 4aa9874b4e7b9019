import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, startApp, type TestApp } from './harness.js';

// A built PWA in miniature: one inline first-paint script (written with CRLF, as an editor on Windows
// might), the entry module, and the service worker.
const INLINE = "\r\n      document.documentElement.dataset.boot = 'home';\r\n    ";
const INDEX = `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/index.js"></script></head><body></body></html>`;
const inlineHash = `'sha256-${createHash('sha256').update(INLINE.replace(/\r\n/g, '\n')).digest('base64')}'`;

function builtPwa(): string {
  const dist = mkdtempSync(join(tmpdir(), 'haat-pwa-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index.js'), 'console.log(1)');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  return dist;
}

/** The CSP as a map of directive → sources. */
function csp(header: string | undefined): Map<string, string[]> {
  expect(header).toBeDefined();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectCommonHeaders(res: { headers: Record<string, string | undefined> }) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(csp(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
}

/** /api and /uploads answers render nothing: a policy that allows nothing and sandboxes the document. */
function expectResourcePolicy(res: { headers: Record<string, string | undefined> }) {
  expectCommonHeaders(res);
  const policy = csp(res.headers['content-security-policy']);
  expect(policy.get('default-src')).toEqual(["'none'"]);
  expect(policy.get('sandbox')).toEqual([]);
  expect(policy.has('script-src')).toBe(false);
}

describe('security headers over http (PUBLIC_URL http://…)', () => {
  let t: TestApp, dist: string;
  beforeAll(async () => {
    dist = builtPwa();
    t = await startApp('pglite', { PWA_DIST: dist, PUBLIC_URL: 'http://localhost:3000' });
    mkdirSync(t.config.uploadsDir, { recursive: true });
    writeFileSync(join(t.config.uploadsDir, 'abc-large.webp'), Buffer.from('RIFF0000WEBP'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/product/earbuds-01ABC', '/sw.js'])('%s gets the page policy: self, the inline script by hash, no framing', async (path) => {
    const res = await api(t).get(path);
    expect(res.status).toBe(200);
    expectCommonHeaders(res);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", inlineHash]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'http://localhost:3000', 'data:', 'blob:']);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it("a build's script gets nosniff and the resource policy only: a page's headers mean nothing on it", async () => {
    const res = await api(t).get('/assets/index.js');
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection'])
      expect(res.headers[header]).toBeUndefined();
  });

  it.each([
    ['/api/health', 200],
    ['/api/no-such-route', 404],
  ])('the API answer %s (JSON) gets nosniff and a sandboxing policy', async (path, status) => {
    const res = await api(t).get(path);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectResourcePolicy(res);
  });

  it('a JSON error from a POST carries them too', async () => {
    const res = await api(t).post('/api/user/login').send({});
    expect(res.status).toBeGreaterThanOrEqual(400);
    expectResourcePolicy(res);
  });

  it.each([
    ['/uploads/abc-large.webp', 200],
    ['/uploads/missing.webp', 404],
  ])('the upload %s gets nosniff and a sandboxing policy', async (path, status) => {
    const res = await api(t).get(path);
    expect(res.status).toBe(status);
    expectResourcePolicy(res);
  });

  it('uploaded images may be shown by pages on other origins (clients of the API use their absolute URLs)', async () => {
    const res = await api(t).get('/uploads/abc-large.webp');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Nothing else of ours is embeddable elsewhere.
    expect((await api(t).get('/api/health')).headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await api(t).get('/')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('the API reference at /api/docs may run its own script and stylesheet, nothing inline and nothing from elsewhere', async () => {
    for (const path of ['/api/docs', '/api/docs/swagger-ui-bundle.js']) {
      const res = await api(t).get(path);
      expect(res.status).toBe(200);
      expectCommonHeaders(res);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
    }
  });
});

describe('security headers over https with Google sign-in', () => {
  let t: TestApp, dist: string;
  beforeAll(async () => {
    dist = builtPwa();
    t = await startApp('pglite', { PWA_DIST: dist, PUBLIC_URL: 'https://shop.example', GOOGLE_CLIENT_ID: 'client-1.apps.googleusercontent.com' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/api/health', '/assets/index.js'])('%s sends HSTS for a year', async (path) => {
    const res = await api(t).get(path);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it("the page lets Google Identity Services' script, frame, styles and calls in, and upgrades http", async () => {
    const res = await api(t).get('/');
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", inlineHash, 'https://accounts.google.com/gsi/client']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(policy.get('frame-src')).toEqual(['https://accounts.google.com/gsi/']);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
