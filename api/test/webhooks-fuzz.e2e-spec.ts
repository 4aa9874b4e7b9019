import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import Stripe from 'stripe';
import { PORTABLE_DB_KINDS, api, startApp, type TestApp } from './harness.js';

/**
 * Neither webhook answers 5xx or logs an error, whatever it is sent (docs/product.md#rules-and-limits): bodies of any shape
 * under a valid signature are a 400 naming the field (or a 200 when the shop has nothing to read in them), and any
 * signature that is not the shop's, non-ASCII bytes included, is a 400. Both are signed by a sender, not a user, so
 * these are the only answers a forger can get.
 */
const APP_SECRET = 'wa-app-secret-fuzz';
const STRIPE_WEBHOOK_SECRET = 'whsec_fuzz_0123456789';
const RUNS = 60;

const whatsappSignature = (payload: string) => `sha256=${createHmac('sha256', APP_SECRET).update(payload).digest('hex')}`;
const stripeSignature = (payload: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET, timestamp });

/** Header text as a sender could put on the wire: printable ASCII and Latin-1 bytes (Node sends both as single bytes). */
const headerText = (length: fc.Arbitrary<number>) =>
  length.chain((n) =>
    fc
      .array(
        fc.oneof(
          fc.constantFrom(...'0123456789abcdef'),
          fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
          fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)),
        ),
        { minLength: n, maxLength: n },
      )
      .map((cs) => cs.join('')),
  );

/** Anything JSON, and things shaped almost like each sender's notification (the right keys holding the wrong values). */
const whatsappBodies = fc.oneof(
  fc.jsonValue(),
  fc.record({ object: fc.jsonValue(), entry: fc.jsonValue() }),
  fc.record({ entry: fc.array(fc.record({ changes: fc.oneof(fc.jsonValue(), fc.array(fc.record({ value: fc.jsonValue() }))) })) }),
  fc
    .record({ from: fc.jsonValue(), text: fc.oneof(fc.jsonValue(), fc.record({ body: fc.jsonValue() })) })
    .map((message) => ({ entry: [{ changes: [{ value: { messages: [message] } }] }] })),
);
const stripeBodies = fc.oneof(
  fc.jsonValue(),
  fc.record({
    id: fc.oneof(fc.string(), fc.jsonValue()),
    object: fc.constant('event'),
    type: fc.oneof(fc.constantFrom('checkout.session.completed', 'checkout.session.expired', 'checkout.session.async_payment_failed'), fc.jsonValue()),
    data: fc.oneof(
      fc.jsonValue(),
      fc.record({
        object: fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              id: fc.oneof(fc.string(), fc.jsonValue()),
              metadata: fc.oneof(fc.jsonValue(), fc.record({ orderId: fc.oneof(fc.string(), fc.jsonValue()) })),
              client_reference_id: fc.jsonValue(),
              payment_intent: fc.jsonValue(),
              payment_status: fc.oneof(fc.constantFrom('paid', 'unpaid'), fc.jsonValue()),
              amount_total: fc.jsonValue(),
            },
            { requiredKeys: [] },
          ),
        ),
      }),
    ),
  }),
);

describe.each(PORTABLE_DB_KINDS)('webhooks under fuzz on %s', (kind) => {
  let t: TestApp;
  let captured: string[] = [];
  beforeAll(async () => {
    t = await startApp(
      kind,
      {
        LOG_LEVEL: 'warn',
        WHATSAPP_TOKEN: 'wa-token',
        WHATSAPP_PHONE_NUMBER_ID: '1098765',
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: 'haat-verify-word',
        WHATSAPP_TEMPLATE: 'order_update',
        WHATSAPP_API_BASE: 'http://127.0.0.1:9',
        STRIPE_SECRET_KEY: 'sk_test_fuzz_0123456789',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
      { write: (chunk: string) => void captured.push(chunk) },
    );
  });
  afterAll(() => t.close());
  beforeEach(() => {
    captured = [];
  });

  const whatsapp = (payload: string, signature: string) =>
    api(t).post('/api/whatsapp/webhook').set('content-type', 'application/json').set('x-hub-signature-256', signature).send(payload);
  const stripe = (payload: string, signature: string) =>
    api(t).post('/api/order/webhook').set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
  /** Error-level (pino 50) and fatal lines the server wrote: none is allowed. */
  const errorLines = () =>
    captured
      .join('')
      .split('\n')
      .filter((l) => /"level":(5\d|60)/.test(l));

  it("refuses WhatsApp's signature of the right length holding a non-ASCII byte with 400, and a signed body of another shape with 400 naming it", async () => {
    const payload = JSON.stringify({ entry: [] });
    const right = whatsappSignature(payload);
    const oneByteOff = `${right.slice(0, -1)}é`;
    expect(oneByteOff.length).toBe(right.length);
    const forged = await whatsapp(payload, oneByteOff);
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('BAD_SIGNATURE');

    const shaped = JSON.stringify({ entry: [{ changes: 'not a list' }] });
    const odd = await whatsapp(shaped, whatsappSignature(shaped));
    expect(odd.status).toBe(400);
    expect(odd.body.fields).toEqual(['entry.0.changes']);
    expect(errorLines()).toEqual([]);
  });

  it('refuses a Stripe event signed an hour ahead as it refuses one signed an hour ago, and a signed event of another shape with 400', async () => {
    const payload = JSON.stringify({ id: 'evt_ahead', object: 'event', type: 'checkout.session.expired', data: { object: { id: 'cs_x', metadata: {} } } });
    const now = Math.floor(Date.now() / 1000);
    for (const at of [now + 3600, now - 3600]) {
      const res = await stripe(payload, stripeSignature(payload, at));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_SIGNATURE');
    }
    // Within the tolerance either way (a few seconds of clock drift) is Stripe's own event.
    expect((await stripe(payload, stripeSignature(payload, now + 30))).status).toBe(200);

    const odd = JSON.stringify({
      id: 'evt_odd',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_y', metadata: { orderId: 7 } } },
    });
    const res = await stripe(odd, stripeSignature(odd));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(['data.object.metadata.orderId']);
    const nothing = await stripe('null', stripeSignature('null'));
    expect(nothing.status).toBe(400);
    expect(errorLines()).toEqual([]);
  });

  it('answers every signed WhatsApp body and every random signature below 500, logging no error', async () => {
    await fc.assert(
      fc.asyncProperty(whatsappBodies, headerText(fc.constantFrom(71, 70, 72, 10)), async (body, randomSignature) => {
        const payload = JSON.stringify(body) ?? 'null';
        const signed = await whatsapp(payload, whatsappSignature(payload));
        expect([200, 400]).toContain(signed.status);
        const forged = await whatsapp(payload, `sha256=${randomSignature.slice(7)}`);
        expect(forged.status).toBe(400);
        expect(errorLines()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers every signed Stripe body and every random signature below 500, logging no error', async () => {
    await fc.assert(
      fc.asyncProperty(stripeBodies, headerText(fc.integer({ min: 1, max: 90 })), async (body, randomSignature) => {
        const payload = JSON.stringify(body) ?? 'null';
        const signed = await stripe(payload, stripeSignature(payload));
        expect([200, 400]).toContain(signed.status);
        const [t0] = stripeSignature(payload).split(',');
        for (const signature of [randomSignature, `${t0},v1=${randomSignature}`]) expect((await stripe(payload, signature)).status).toBe(400);
        expect(errorLines()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
