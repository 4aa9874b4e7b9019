import { ADDRESS } from './accounts-fixtures.js';
import { PORTABLE_DB_KINDS, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';

/** Pincodes against India Post's directory: the lookup route, the delivery estimate, and addresses refusing unknown ones. */
describe.each(PORTABLE_DB_KINDS)('pincodes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  /** Today on the shop's calendar plus `days`, as the estimate counts. */
  const shopDayPlus = (days: number) => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  };

  it('looks up 560001 as Bengaluru, Karnataka, served next day, without signing in', async () => {
    const res = await api(t).get('/api/address/pincode/560001');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      pincode: '560001',
      city: 'Bengaluru',
      district: 'Bengaluru',
      state: 'Karnataka',
      serviceable: true,
      deliveryDays: 1,
      deliveryBy: shopDayPlus(1),
    });
  });

  // docs/decisions/0023-pincode-directory.md: India Post's district is the district; the city is the district's
  // name, or the taluk where the district is a region, and Delhi's districts are one city.
  it('puts the city and the district in their own fields: Port Blair in South Andaman', async () => {
    const place = async (pincode: string) => {
      const { city, district, state } = (await api(t).get(`/api/address/pincode/${pincode}`)).body.data as Record<string, string>;
      return { city, district, state };
    };
    expect(await place('744101')).toEqual({ city: 'Port Blair', district: 'South Andaman', state: 'Andaman & Nicobar Islands' });
    expect(await place('600001')).toEqual({ city: 'Chennai', district: 'Chennai', state: 'Tamil Nadu' });
    expect(await place('403001')).toMatchObject({ district: 'North Goa', state: 'Goa' });
    expect(await place('110017')).toMatchObject({ city: 'Delhi', district: 'South Delhi', state: 'Delhi' });
    expect(await place('110001')).toMatchObject({ city: 'New Delhi', district: 'New Delhi' });
  });

  it('says where the shop does not deliver yet, and estimates further zones', async () => {
    const islands = await api(t).get('/api/address/pincode/744301');
    expect(islands.status).toBe(200);
    expect(islands.body.data).toMatchObject({ state: 'Andaman & Nicobar Islands', serviceable: false, deliveryDays: null, deliveryBy: null });
    const chennai = await api(t).get('/api/address/pincode/600001');
    expect(chennai.body.data).toMatchObject({ city: 'Chennai', state: 'Tamil Nadu', serviceable: true, deliveryDays: 3, deliveryBy: shopDayPlus(3) });
  });

  it('refuses an unknown pincode (404 PINCODE_UNKNOWN) and a malformed one (400 naming the field)', async () => {
    const unknown = await api(t).get('/api/address/pincode/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: true, code: 'PINCODE_UNKNOWN', pincode: '999999' });
    for (const bad of ['56000', '056001', 'abcdef', '5600011']) {
      const res = await api(t).get(`/api/address/pincode/${bad}`);
      expect({ bad, status: res.status, code: res.body.code }).toEqual({ bad, status: 400, code: 'VALIDATION' });
    }
  });

  it('an address with an unknown pincode is refused with 400 PINCODE_UNKNOWN, on create and on update', async () => {
    const c = await newCustomer(t);
    const refused = await api(t)
      .post('/api/address/create')
      .set(bearer(c.token))
      .send({ ...ADDRESS, pincode: '999999' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: true, code: 'PINCODE_UNKNOWN', fields: ['pincode'] });

    const created = await api(t)
      .post('/api/address/create')
      .set(bearer(c.token))
      .send({ ...ADDRESS, pincode: '560001' });
    expect(created.status).toBe(201);
    const update = await api(t)
      .put('/api/address/update')
      .set(bearer(c.token))
      .send({ ...ADDRESS, _id: created.body.data._id, pincode: '111111' });
    expect(update.status).toBe(400);
    expect(update.body.code).toBe('PINCODE_UNKNOWN');
    expect((await api(t).get('/api/address/get').set(bearer(c.token))).body.data[0].pincode).toBe('560001');
  });
});
