import { LIMITS } from '@haat/shared/common/limits';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';

/**
 * A JSON body is bounded in size and depth before anything reads it
 * (docs/decisions/0047-bad-text-and-cheap-requests.md): a 20 KB body nested 10,000
 * levels deep, sent to every route the API's own OpenAPI document says takes a JSON body, as nobody,
 * as a customer and as the admin, is a 400 BODY_TOO_DEEP (never a 500), and the shop goes on working.
 */
type Operation = { requestBody?: { content: Record<string, unknown> } };
type Doc = { paths: Record<string, Record<string, Operation>> };

const LEVELS = 10_000;
/** Each shape about 20 KB: arrays in arrays, objects in objects, and the deep part under a real-looking key. */
const DEEP_BODIES: Record<string, string> = {
  arrays: `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`,
  objects: `${'{"a":'.repeat(LEVELS / 2)}1${'}'.repeat(LEVELS / 2)}`,
  'under a field': `{"name":"x","email":"a@b.c","data":${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}}`,
};

const nested = (levels: number) => `{"name":"Deep Chips",${'"a":{'.repeat(levels - 1)}"b":1${'}'.repeat(levels)}`;

describe.each(PORTABLE_DB_KINDS)('deep JSON bodies (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  let routes: Array<{ method: string; path: string }>;

  beforeAll(async () => {
    t = await startApp(kind);
    admin = await adminToken(t);
    customer = (await newCustomer(t)).token;
    const doc = (await api(t).get('/api/openapi.json')).body as Doc;
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody?.content['application/json'])
        .map(([method, _op]) => ({ method, path: path.replace(/\{[^}]+\}/g, '01JDEEPJSON0000000000000000') })),
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('answers 400 BODY_TOO_DEEP on every route that takes a JSON body, with and without a token, and never a 500', async () => {
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    let sent = 0;
    for (const { method, path } of routes) {
      for (const [who, token] of [
        ['nobody', null],
        ['customer', customer],
        ['admin', admin],
      ] as const) {
        for (const [shape, body] of Object.entries(DEEP_BODIES)) {
          let req = (api(t) as unknown as Record<string, (url: string) => ReturnType<ReturnType<typeof api>['post']>>)[method]!(path).set(
            'content-type',
            'application/json',
          );
          if (token) req = req.set(bearer(token));
          const res = await req.send(body);
          sent++;
          // The body is read before any guard runs, so even auth-first routes refuse it as too deep;
          // 401/403 would be acceptable, a 500 (or any other answer) is not.
          const fine = (res.status === 400 && res.body.code === 'BODY_TOO_DEEP') || res.status === 401 || res.status === 403;
          if (!fine) wrong.push(`${method.toUpperCase()} ${path} as ${who}, ${shape}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    console.log(`deep-json on ${kind}: ${sent} requests over ${routes.length} body routes, all refused before a walk`);
  }, 120_000);

  it(`names the problem: a body one level past ${LIMITS.jsonBodyMaxDepth} is refused, one at the limit is read`, async () => {
    const over = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .set('content-type', 'application/json')
      .send(nested(LIMITS.jsonBodyMaxDepth + 1));
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ success: false, error: true, code: 'BODY_TOO_DEEP', fields: ['body'] });
    expect(over.body.message).toMatch(/nested deeper than 32/);
    // At the limit the body is parsed and reaches validation, which names what the product lacks.
    const at = await api(t).post('/api/product/create').set(bearer(admin)).set('content-type', 'application/json').send(nested(LIMITS.jsonBodyMaxDepth));
    expect(at.status).toBe(400);
    expect(at.body.code).not.toBe('BODY_TOO_DEEP');
    // Brackets inside strings are text, not nesting.
    const inText = await api(t)
      .post('/api/user/login')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ email: 'nobody@test.local', password: '['.repeat(5000) }));
    expect(inText.body.code).not.toBe('BODY_TOO_DEEP');
    expect(inText.status).toBeLessThan(500);
  });

  it('still answers bad JSON and bodies over 1 MB as before', async () => {
    const bad = await api(t).post('/api/user/login').set('content-type', 'application/json').send('{"email":');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', fields: ['body'] });
    const big = await api(t)
      .post('/api/user/login')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(LIMITS.jsonBodyMaxBytes) }));
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    const poisoned = await api(t).post('/api/user/login').set('content-type', 'application/json').send('{"__proto__":{"admin":true}}');
    expect(poisoned.status).toBe(400);
  });

  it('keeps the shop working afterwards: health, sign-in and a catalogue write', async () => {
    expect((await api(t).get('/api/health')).status).toBe(200);
    const fresh = await adminToken(t);
    const cat = await api(t).post('/api/category/add-category').set(bearer(fresh)).send({ name: 'After Deep', image: '/uploads/a.webp' });
    expect(cat.status).toBeLessThan(300);
    const list = await api(t).get('/api/category/get');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('After Deep');
  });
});
