import { adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { binary, pdfText } from './pdf-text.js';
import { addAddress, line, openShop } from './order-fixtures.js';

/**
 * One shop identity (docs/decisions/0300-one-shop-identity.md): the seller on the invoice PDF is the shop the settings
 * name, the same that GET /api/config/public hands the footer and /contact, and addresses print no part twice.
 */
describe('one shop identity', () => {
  let t: TestApp;
  const SETTINGS = {
    SHOP_LEGAL_NAME: 'Indiranagar Traders Private Limited',
    SHOP_ADDRESS: '2nd Floor, 100 Feet Road, Indiranagar',
    SHOP_CITY: 'Bengaluru',
    SHOP_PINCODE: '560038',
    SHOP_STATE: 'Karnataka',
    SUPPORT_PHONE: '+91 80 4000 1234',
    SUPPORT_EMAIL: 'help@indiranagar.example',
  };

  beforeAll(async () => {
    t = await startApp('pglite', { HOLD_LIMIT_UNITS: '100000', ...SETTINGS });
  });
  afterAll(() => t.close());

  it('the public configuration names the shop as its settings do', async () => {
    const res = await api(t).get('/api/config/public');
    expect(res.body.data.shop).toEqual({
      legalName: SETTINGS.SHOP_LEGAL_NAME,
      gstin: '29AAHCH4527K1Z7',
      address: { street: SETTINGS.SHOP_ADDRESS, city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
      phone: SETTINGS.SUPPORT_PHONE,
      whatsappNumber: '+91 98450 12345',
      email: SETTINGS.SUPPORT_EMAIL,
    });
  });

  it('the invoice PDF prints those seller lines, and a buyer whose district is their city with the city once', async () => {
    const admin = await adminToken(t);
    const shop = await openShop(t, admin);
    const made = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({
        name: 'Boult Earbuds',
        price: 1180,
        hsn: '8518',
        gstRate: 18,
        unit: '1 pc',
        stock: 100,
        description: 'x',
        category: [shop.categoryId],
        subCategory: [shop.subCategoryId],
      });
    expect(made.status).toBe(201);
    const shopper = await newCustomer(t, 'Meera Iyer');
    const addressId = await addAddress(t, shopper.id, { district: 'Bengaluru', city: 'Bengaluru', addressLine: '12 MG Road, Bengaluru' });
    const order = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(shopper.token))
      .send({ list_items: [line(made.body.data, 1)], totalAmt: 1180, addressId });
    expect(order.status).toBe(201);
    const orderId = order.body.data.orderId as string;
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'DELIVERED' })).status).toBe(200);

    const res = await api(t).get(`/api/order/${orderId}/invoice`).set(bearer(shopper.token)).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    // The seller stands in the left column: each line's text up to the wide gap before the invoice's facts.
    const rows = pdfText(res.body as Buffer)
      .split('\n')
      .map((l) => l.trim().split(/\s{3,}/)[0]!);
    const at = rows.indexOf(SETTINGS.SHOP_LEGAL_NAME);
    expect(at).toBeGreaterThan(-1);
    expect(rows.slice(at, at + 4)).toEqual([
      SETTINGS.SHOP_LEGAL_NAME,
      '2nd Floor, 100 Feet Road, Indiranagar, Bengaluru 560038',
      'State: Karnataka',
      'GSTIN: 29AAHCH4527K1Z7',
    ]);

    const buyerAt = rows.indexOf('Billed and shipped to');
    const buyer = rows.slice(buyerAt + 1, buyerAt + 4);
    expect(buyer).toEqual(['Asha Rao', 'Flat 4B, Lotus Apartments, 12 MG Road, Bengaluru 560001, India', 'State: Karnataka']);
    for (const address of [rows[at + 1]!, buyer[1]!]) {
      const parts = address.split(/,\s*|\s+(?=\d{6}$)/).map((p) => p.toLowerCase());
      expect(new Set(parts).size).toBe(parts.length);
    }
  });
});
