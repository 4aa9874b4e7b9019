import { DEMO_SHOP } from '@haat/shared/contact/support-contact';
import { LIMITS } from '@haat/shared/common/limits';
import { api, startApp, type TestApp } from './harness.js';

/** GET /api/config/public tells the PWA which buttons can work; it never leaks a secret. */
describe('public configuration', () => {
  let bare: TestApp;
  let full: TestApp;

  beforeAll(async () => {
    bare = await startApp('pglite');
    full = await startApp('pglite', {
      GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com',
      STRIPE_SECRET_KEY: 'sk_test_secret_value',
      STRIPE_WEBHOOK_SECRET: 'whsec_secret_value',
      HOLD_LIMIT_UNITS: '30',
      UNVERIFIED_HOLD_LIMIT_UNITS: '4',
    });
  });
  afterAll(async () => {
    await bare.close();
    await full.close();
  });

  it('says Google sign-in and card payments are off when not configured', async () => {
    const res = await api(bare).get('/api/config/public');
    expect(res.status).toBe(200);
    // The test harness turns the unverified accounts' lower hold off (UNVERIFIED_HOLD_LIMIT_UNITS=0): both are the shop's cap.
    expect(res.body.data).toEqual({
      googleClientId: null,
      paymentsEnabled: false,
      upi: false,
      whatsapp: false,
      returnWindowDays: 7,
      shop: DEMO_SHOP,
      holdLimits: { verified: LIMITS.maxUnitsHeldPerAccount, unverified: LIMITS.maxUnitsHeldPerAccount },
    });
  });

  it('gives the Google client id and says payments work when they are configured, without secrets', async () => {
    const res = await api(full).get('/api/config/public');
    expect(res.body.data).toEqual({
      googleClientId: 'client-123.apps.googleusercontent.com',
      paymentsEnabled: true,
      upi: false,
      whatsapp: false,
      returnWindowDays: 7,
      shop: DEMO_SHOP,
      // The hold limits the server keeps, which the cart says to an unverified shopper before Place order.
      holdLimits: { verified: 30, unverified: 4 },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/sk_test|whsec/);
  });
});
