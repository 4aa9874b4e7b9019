import { BadRequestException, HttpException, Logger, MethodNotAllowedException } from '@nestjs/common';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../src/common/app-error.js';
import { toEnvelope } from '../src/common/all-exceptions.filter.js';
import { ErrorEnvelope } from '../src/openapi/openapi-document.js';
import { addProduct } from './accounts-fixtures.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';

/**
 * Every error answer carries a `code`, and every code is a member of shared's
 * ErrorCode (the PWA's exhaustive switch in pwa/src/lib/http/problem-reaction.ts handles each one):
 * our own AppErrors, Nest's own exceptions (an unknown route) and Fastify's (bad JSON, a body over
 * 1 MB, a content type we do not read) alike.
 */

const CODES: readonly string[] = Object.values(ErrorCode);

type Answer = { status: number; body: Record<string, unknown> };

/** The answer is the error envelope with a code from the enum, the one named. */
function expectCode(res: Answer, status: number, code: ErrorCode): void {
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(res.body).toMatchObject({ success: false, error: true });
  expect(typeof res.body.message).toBe('string');
  expect(CODES).toContain(res.body.code);
  // …and it is what the published OpenAPI document says every error answer is.
  expect(ErrorEnvelope.safeParse(res.body).success).toBe(true);
}

let ipSeq = Math.floor(Math.random() * 200);
const freshIp = () => `10.${(ipSeq += 1) % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

describe.each(PORTABLE_DB_KINDS)('error codes on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    t = await startApp(kind, { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true' });
    admin = await adminToken(t);
    customer = (await newCustomer(t)).token;
  });
  afterAll(() => t.close());

  it('400: a body that fails its schema answers VALIDATION with the fields at fault', async () => {
    const res = await api(t).post('/api/category/add-category').set(bearer(admin)).send({});
    expectCode(res, 400, ErrorCode.Validation);
    expect(res.body.fields).toEqual(expect.arrayContaining(['name']));
  });

  it('400: a body that is not JSON, or empty, answers BAD_REQUEST naming the body (message unchanged)', async () => {
    const broken = await api(t).post('/api/category/add-category').set(bearer(admin)).set('content-type', 'application/json').send('{"name": ');
    expectCode(broken, 400, ErrorCode.BadRequest);
    expect(broken.body).toMatchObject({ message: 'body: is not valid JSON', fields: ['body'] });
    const empty = await api(t).post('/api/category/add-category').set(bearer(admin)).set('content-type', 'application/json').send('');
    expectCode(empty, 400, ErrorCode.BadRequest);
  });

  it('401 without a session, 403 for a customer on an admin route', async () => {
    expectCode(await api(t).get('/api/cart/get'), 401, ErrorCode.Unauthorized);
    expectCode(await api(t).post('/api/category/add-category').set(bearer(customer)).send({ name: 'x', image: '/uploads/x.webp' }), 403, ErrorCode.Forbidden);
  });

  it('404: an unknown API route, an unknown upload and an unknown entity all answer NOT_FOUND', async () => {
    const route = await api(t).get('/api/no-such-route');
    expectCode(route, 404, ErrorCode.NotFound);
    expect(route.body.message).toBe('Route GET /api/no-such-route not found.');
    expectCode(await api(t).delete('/api/health'), 404, ErrorCode.NotFound);
    expectCode(await api(t).get('/uploads/no-such-file.webp'), 404, ErrorCode.NotFound);
    expectCode(await api(t).post('/api/cart/create').set(bearer(customer)).send({ productId: '01NOSUCHPRODUCT0000000000' }), 404, ErrorCode.NotFound);
  });

  it('409: out of stock and the stock limit in the cart each answer their own code with one payload (productId, available)', async () => {
    const c = await newCustomer(t);
    const add = (productId: string) => api(t).post('/api/cart/create').set(bearer(c.token)).send({ productId });
    const none = await addProduct(t, admin, { stock: 0 });
    const out = await add(none._id);
    expectCode(out, 409, ErrorCode.OutOfStock);
    expect(out.body).toMatchObject({ message: `${none.name} is out of stock.`, productId: none._id, available: 0 });
    const one = await addProduct(t, admin, { stock: 1 });
    expect((await add(one._id)).status).toBe(201);
    const full = await add(one._id);
    expectCode(full, 409, ErrorCode.StockLimit);
    expect(full.body).toMatchObject({ message: `Only 1 of ${one.name} in stock, and all of them are in your cart.`, productId: one._id, available: 1 });
  });

  it('413: a JSON body over 1 MB answers PAYLOAD_TOO_LARGE (message unchanged)', async () => {
    const res = await api(t)
      .post('/api/category/add-category')
      .set(bearer(admin))
      .send({ name: 'x'.repeat(1_100_000) });
    expectCode(res, 413, ErrorCode.PayloadTooLarge);
    expect(res.body.message).toBe('Request body is too large (the limit is 1 MB).');
  });

  it('415: a content type the API does not read answers UNSUPPORTED_MEDIA_TYPE; a file that is no image answers NOT_AN_IMAGE', async () => {
    const text = await api(t).post('/api/category/add-category').set(bearer(admin)).set('content-type', 'application/xml').send('<name>x</name>');
    expectCode(text, 415, ErrorCode.UnsupportedMediaType);
    const svg = await api(t).post('/api/file/upload').set(bearer(admin)).attach('file', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg');
    expectCode(svg, 415, ErrorCode.NotAnImage);
  });

  it('422: an Idempotency-Key reused for another cart answers IDEMPOTENCY_KEY_REUSED', async () => {
    const p = await addProduct(t, admin, { stock: 5 });
    const sync = (quantity: number) =>
      api(t)
        .put('/api/cart/sync')
        .set(bearer(customer))
        .set('Idempotency-Key', 'codes-1')
        .send({ items: [{ productId: p._id, quantity }] });
    expect((await sync(1)).status).toBe(200);
    expectCode(await sync(2), 422, ErrorCode.IdempotencyKeyReused);
  });

  it('429: past a route limit answers RATE_LIMITED', async () => {
    const ip = freshIp();
    let res: Answer = { status: 0, body: {} };
    for (let i = 0; i < 10 && res.status !== 429; i++) res = await api(t).post('/api/contact').set('x-forwarded-for', ip).send({});
    expectCode(res, 429, ErrorCode.RateLimited);
  });

  it('503: a feature this server is not configured for answers NOT_CONFIGURED', async () => {
    expectCode(await api(t).post('/api/order/webhook').set('stripe-signature', 't=1,v1=x').send({ id: 'evt_1' }), 503, ErrorCode.NotConfigured);
  });
});

describe('the filter answers a code from the enum for any exception', () => {
  const logger = new Logger('error-codes-test');
  beforeAll(() => Logger.overrideLogger(false));
  const req = { id: 'req-1', method: 'GET', url: '/api/x' };

  it.each([
    ['a Nest BadRequestException', new BadRequestException('Nope'), 400, ErrorCode.BadRequest],
    ['a Nest MethodNotAllowedException', new MethodNotAllowedException(), 405, ErrorCode.MethodNotAllowed],
    ['an HttpException with a status we never answer (418)', new HttpException('teapot', 418), 418, ErrorCode.BadRequest],
    ['an HttpException whose body names a code that is not ours', new HttpException({ message: 'x', code: 'SOMETHING_ELSE' }, 409), 409, ErrorCode.Conflict],
    ['an unexpected Error', new Error('boom'), 500, ErrorCode.Internal],
    ['a thrown string', 'boom', 500, ErrorCode.Internal],
  ])('%s', (_name, exception, status, code) => {
    const { status: answered, body } = toEnvelope(exception, req, logger);
    expect({ answered, code: body.code }).toEqual({ answered: status, code });
  });

  it('AppError takes only an ErrorCode (checked by `npm run typecheck`)', () => {
    // @ts-expect-error: a free string is not an ErrorCode; the compiler refuses it.
    const free = new AppError(400, 'SOMETHING_ELSE', 'x');
    expect(free.code).toBe('SOMETHING_ELSE');
    expect(new AppError(409, ErrorCode.Conflict, 'x', { code: 'SOMETHING_ELSE' }).getResponse()).toMatchObject({ code: ErrorCode.Conflict });
  });
});
