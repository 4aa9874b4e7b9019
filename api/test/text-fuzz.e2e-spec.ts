import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, openShop } from './order-fixtures.js';

/**
 * Bad text is a 400. NUL, the other control characters and lone surrogates are
 * put into the text fields of every route that takes text (bodies, record keys and values, path
 * and query parameters). No answer may be a 500. A field under the shared text rule that received
 * a refused character answers 400 naming it; tab and line breaks pass only in multi-line text.
 */
const RUNS = 25;

/** single: one line under the text rule; multi: multi-line text; free: not text (passwords, ids) — only "no 500". */
type Kind = 'single' | 'multi' | 'free';
type Body = Record<string, unknown>;

const NASTY = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000B',
  '\u000C',
  '\u001B',
  '\u001F',
  '\u007F',
  '\u0085',
  '\u009F',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\t',
  '\n',
  '\r',
];

/** The oracle, written from the words: controls (bar tab/LF/CR in multi-line text) and unpaired surrogates are refused. */
function breaksRule(text: string, kind: Kind): boolean {
  if (kind === 'free') return false;
  const wellFormed = (text as unknown as { isWellFormed(): boolean }).isWellFormed();
  const controls = [...text].some((ch) => {
    const c = ch.codePointAt(0)!;
    const control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
    return control && !(kind === 'multi' && (ch === '\t' || ch === '\n' || ch === '\r'));
  });
  return !wellFormed || controls;
}

/** Ordinary text with 1–3 nasty characters at random places (start, middle or end). */
const tainted = fc
  .tuple(fc.string({ minLength: 0, maxLength: 12 }), fc.array(fc.tuple(fc.constantFrom(...NASTY), fc.nat()), { minLength: 1, maxLength: 3 }))
  .map(([base, inserts]) => {
    let s = base.length ? base : 'x';
    for (const [c, at] of inserts) {
      const i = at % (s.length + 1);
      s = s.slice(0, i) + c + s.slice(i);
    }
    return { text: s };
  });

interface Route {
  name: string;
  token: () => string | undefined;
  send: (body: Body, run: number) => ReturnType<ReturnType<typeof api>['post']>;
  base: (run: number) => Body;
  /** The text fields, by a path into the body (a.b.0 for nested), with their kind. */
  fields: Record<string, Kind>;
}

/** Percent-encoding of one UTF-16 code unit as its (WTF-8) bytes: what a client sends for a lone surrogate. */
function percentEncoded(c: string): string {
  const u = c.charCodeAt(0);
  const bytes = u < 0x80 ? [u] : u < 0x800 ? [0xc0 | (u >> 6), 0x80 | (u & 0x3f)] : [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)];
  return bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

function setPath(body: Body, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = body as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
}

describe.each(PORTABLE_DB_KINDS)('control characters and lone surrogates in every text field on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  it('never answer 500; refused characters answer 400 naming the field', async () => {
    const admin = await adminToken(t);
    const shop = await openShop(t, admin);
    const product = await addProduct(t, admin, shop, { price: 100, stock: 10 });
    const customer = await newCustomer(t, 'Fuzzy Farida');
    const addressId = await addAddress(t, customer.id);
    const catId = shop.categoryId;
    const subId = shop.subCategoryId;
    const address = {
      name: 'Asha Rao',
      building: 'Flat 4B',
      address_line: '12 MG Road',
      district: 'Urban',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pincode: '560001',
      mobile: '9876543210',
    };
    const addressFields: Record<string, Kind> = Object.fromEntries(Object.keys(address).map((k) => [k, 'single' as const]));
    const productBody = () => ({
      name: 'Fuzz Chips',
      hsn: '2106',
      gstRate: 5,
      image: ['/uploads/p.webp'],
      unit: 'pack',
      stock: 5,
      price: 10,
      discount: 0,
      description: 'Crisp.',
      category: [catId],
      subCategory: [subId],
      more_details: { origin: 'Kerala' },
      variants: [{ name: 'Small', price: 10, stock: 1 }],
    });
    const productFields: Record<string, Kind> = {
      name: 'single',
      'image.0': 'single',
      unit: 'single',
      description: 'multi',
      'more_details.origin': 'multi',
      'variants.0.name': 'single',
    };
    const as = (token: string | undefined, req: ReturnType<ReturnType<typeof api>['post']>) => (token ? req.set(bearer(token)) : req);

    const routes: Route[] = [
      {
        name: 'address/create',
        token: () => customer.token,
        send: (b) => api(t).post('/api/address/create').send(b),
        base: () => ({ ...address }),
        fields: addressFields,
      },
      {
        name: 'address/update',
        token: () => customer.token,
        send: (b) => api(t).put('/api/address/update').send(b),
        base: () => ({ _id: addressId, ...address }),
        fields: addressFields,
      },
      {
        name: 'product/create',
        token: () => admin,
        send: (b) => api(t).post('/api/product/create').send(b),
        base: (n) => ({ ...productBody(), name: `Fuzz Chips ${n}` }),
        fields: productFields,
      },
      {
        name: 'product/update-product-details',
        token: () => admin,
        send: (b) => api(t).put('/api/product/update-product-details').send(b),
        base: () => ({ _id: product._id, ...productBody() }),
        fields: productFields,
      },
      {
        name: 'category/add-category',
        token: () => admin,
        send: (b) => api(t).post('/api/category/add-category').send(b),
        base: (n) => ({ name: `Fuzz Cat ${n}`, image: '/uploads/c.webp' }),
        fields: { name: 'single', image: 'single' },
      },
      {
        name: 'category/update',
        token: () => admin,
        send: (b) => api(t).put('/api/category/update').send(b),
        base: () => ({ _id: catId, name: `Fuzz Cat upd`, image: '/uploads/c.webp' }),
        fields: { name: 'single', image: 'single' },
      },
      {
        name: 'subcategory/create',
        token: () => admin,
        send: (b) => api(t).post('/api/subcategory/create').send(b),
        base: (n) => ({ name: `Fuzz Sub ${n}`, image: '/uploads/s.webp', category: [catId] }),
        fields: { name: 'single', image: 'single' },
      },
      {
        name: 'subcategory/update',
        token: () => admin,
        send: (b) => api(t).put('/api/subcategory/update').send(b),
        base: () => ({ _id: subId, name: 'Fuzz Sub upd', image: '/uploads/s.webp', category: [catId] }),
        fields: { name: 'single', image: 'single' },
      },
      {
        name: 'review/add',
        token: () => customer.token,
        send: (b) => api(t).post('/api/review/add').send(b),
        base: () => ({ productId: product._id, rating: 4, comment: 'Tasty.' }),
        fields: { comment: 'multi' },
      },
      {
        name: 'user/update-user',
        token: () => customer.token,
        send: (b) => api(t).put('/api/user/update-user').send(b),
        base: () => ({ name: 'Fuzzy Farida', email: customer.email, mobile: '9876543210' }),
        fields: { name: 'single', mobile: 'single' },
      },
      {
        name: 'user/register',
        token: () => undefined,
        send: (b) => api(t).post('/api/user/register').send(b),
        base: (n) => ({
          name: 'New Person',
          email: `fuzz-${kind}-${n}-${Date.now()}@test.local`,
          password: 'a-fine-pass-123',
          confirmPassword: 'a-fine-pass-123',
        }),
        fields: { name: 'single', email: 'single', password: 'free' },
      },
      {
        name: 'user/login',
        token: () => undefined,
        send: (b) => api(t).post('/api/user/login').send(b),
        base: () => ({ email: customer.email, password: 'wrong-pass-123' }),
        fields: { email: 'single', password: 'free' },
      },
      {
        name: 'user/forgot-password',
        token: () => undefined,
        send: (b) => api(t).put('/api/user/forgot-password').send(b),
        base: () => ({ email: 'nobody@test.local' }),
        fields: { email: 'single' },
      },
      {
        name: 'user/verify-forgot-password-otp',
        token: () => undefined,
        send: (b) => api(t).put('/api/user/verify-forgot-password-otp').send(b),
        base: () => ({ email: 'nobody@test.local', otp: '123456' }),
        fields: { email: 'single', otp: 'single' },
      },
      {
        name: 'user/refresh-token',
        token: () => undefined,
        send: (b) => api(t).post('/api/user/refresh-token').send(b),
        base: () => ({ refreshToken: 'not-a-real-token' }),
        fields: { refreshToken: 'single' },
      },
      {
        name: 'product/search-product',
        token: () => undefined,
        send: (b) => api(t).post('/api/product/search-product').send(b),
        base: () => ({ search: 'chips' }),
        fields: { search: 'single' },
      },
      {
        name: 'product/get',
        token: () => undefined,
        send: (b) => api(t).post('/api/product/get').send(b),
        base: () => ({ search: 'chips' }),
        fields: { search: 'single' },
      },
      {
        name: 'product/get-product-by-category-and-subcategory',
        token: () => undefined,
        send: (b) => api(t).post('/api/product/get-product-by-category-and-subcategory').send(b),
        base: () => ({ categoryId: catId, subCategoryId: subId, search: 'chips' }),
        fields: { search: 'single' },
      },
    ];

    const tally = { requests: 0, fiveHundreds: 0, refused: 0 };
    const failures: string[] = [];

    for (const route of routes) {
      const paths = Object.keys(route.fields);
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.subarray(paths, { minLength: 1, maxLength: Math.min(3, paths.length) }),
          fc.array(tainted, { minLength: 3, maxLength: 3 }),
          async (chosen, texts) => {
            const n = run++;
            const body = route.base(n);
            const expectRefused: string[] = [];
            chosen.forEach((path, i) => {
              const { text } = texts[i]!;
              setPath(body, path, text);
              if (breaksRule(text, route.fields[path]!)) expectRefused.push(path);
            });
            const res = await as(route.token(), route.send(body, n));
            tally.requests++;
            if (res.status >= 500) {
              tally.fiveHundreds++;
              failures.push(`${route.name} ${res.status} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`);
              return;
            }
            expect(res.body).toMatchObject({ success: expect.any(Boolean), error: expect.any(Boolean) });
            if (expectRefused.length) {
              tally.refused++;
              expect(res.status).toBe(400);
              for (const path of expectRefused) {
                const field = path.startsWith('more_details') ? 'more_details' : path;
                expect(res.body.fields.some((f: string) => f === field || f.startsWith(`${field}.`))).toBe(true);
              }
            }
          },
        ),
        { numRuns: RUNS },
      );
    }

    // Record keys, path and query parameters.
    const extra: Array<[string, () => ReturnType<ReturnType<typeof api>['get']>]> = [];
    NASTY.forEach((c, i) => {
      const enc = `ab${percentEncoded(c)}cd`;
      extra.push([
        `product/create more_details key #${i}`,
        () =>
          api(t)
            .post('/api/product/create')
            .set(bearer(admin))
            .send({ ...productBody(), name: `Keyed ${i}`, more_details: { [`ori${c}gin`]: 'x' } }),
      ]);
      extra.push([`GET /api/review/${enc}`, () => api(t).get(`/api/review/${enc}`)]);
      extra.push([`GET /api/review/:id?limit=${enc}`, () => api(t).get(`/api/review/${product._id}?limit=${enc}`)]);
      extra.push([`DELETE /api/review/delete/${enc}`, () => api(t).delete(`/api/review/delete/${enc}`).set(bearer(admin))]);
      extra.push([`GET /api/order/admin/orders?page=${enc}`, () => api(t).get(`/api/order/admin/orders?page=${enc}&limit=${enc}`).set(bearer(admin))]);
      extra.push([
        `POST /api/product/search-product?search=${enc}`,
        () =>
          api(t)
            .post(`/api/product/search-product?search=${enc}`)
            .send({ search: `ab${c}` }),
      ]);
    });
    for (const [label, send] of extra) {
      const res = await send();
      tally.requests++;
      if (res.status >= 500) {
        tally.fiveHundreds++;
        failures.push(`${label} ${res.status} → ${JSON.stringify(res.body)}`);
      }
    }

    console.log(
      `text-fuzz on ${kind}: ${tally.requests} requests over ${routes.length} body routes + path/query/record-key cases, ${tally.refused} expected refusals, ${tally.fiveHundreds} answers ≥ 500`,
    );
    expect(failures).toEqual([]);
  });

  it('the last line: a value the schema admits but PostgreSQL refuses (SQLSTATE class 22) is a 400, not a 500', async () => {
    const admin = await adminToken(t);
    // A column narrower than the schema's limit: PostgreSQL answers 22001 (string data right truncation).
    await t.db.execute(sql.raw('alter table categories alter column name type varchar(20)'));
    const res = await api(t)
      .post('/api/category/add-category')
      .set(bearer(admin))
      .send({ name: 'A category name of thirty-odd chars', image: '/uploads/c.webp' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: true, code: 'INVALID_VALUE', message: 'The request cannot be stored: a text is too long.' });
  });
});
