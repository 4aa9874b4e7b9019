import { PORTABLE_DB_KINDS, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { ADDRESS, addAddress } from './accounts-fixtures.js';

describe.each(PORTABLE_DB_KINDS)('addresses on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  const list = (token: string) => api(t).get('/api/address/get').set(bearer(token));

  it('keeps at most 20 addresses per account: the 21st is a 409 ADDRESS_LIMIT, and removing one makes room', async () => {
    const c = await newCustomer(t);
    const add = () => api(t).post('/api/address/create').set(bearer(c.token)).send(ADDRESS);
    const made: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await add();
      expect(res.status).toBe(201);
      made.push(res.body.data._id);
    }
    const refused = await add();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ADDRESS_LIMIT', limit: 20 });
    expect(refused.body.message).toMatch(/at most 20 addresses/);
    expect((await list(c.token)).body.data).toHaveLength(20);
    expect((await api(t).delete('/api/address/disable').set(bearer(c.token)).send({ _id: made[0] })).status).toBe(200);
    expect((await add()).status).toBe(201);
  });

  it('creates an address with the nine fields and lists it', async () => {
    const c = await newCustomer(t);
    const res = await api(t).post('/api/address/create').set(bearer(c.token)).send(ADDRESS);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Address Created Successfully', data: { ...ADDRESS, userId: c.id, status: true } });
    const got = await list(c.token);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual([res.body.data]);
  });

  it("refuses a state its pincode is not in (the invoice's tax follows the pincode), naming the pincode's state, in English and Hindi", async () => {
    const c = await newCustomer(t);
    const mumbai = { ...ADDRESS, city: 'Mumbai', district: 'Mumbai', pincode: '400001' };
    const refused = await api(t).post('/api/address/create').set(bearer(c.token)).send(mumbai);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'STATE_PINCODE_MISMATCH', pincode: '400001', state: 'Maharashtra', fields: ['state'] });
    expect(refused.body.message).toBe('state: Pincode 400001 is in Maharashtra, not Karnataka. Please check the state or the pincode.');
    const hindi = await api(t).post('/api/address/create').set(bearer(c.token)).set('Accept-Language', 'hi-IN').send(mumbai);
    expect(hindi.body.message).toBe('state: पिनकोड 400001 Maharashtra में है, Karnataka में नहीं। कृपया राज्य या पिनकोड जाँचें।');
    const made = await api(t).post('/api/address/create').set(bearer(c.token)).send(ADDRESS);
    expect(made.status).toBe(201);
    const edited = await api(t)
      .put('/api/address/update')
      .set(bearer(c.token))
      .send({ ...mumbai, _id: made.body.data._id });
    expect([edited.status, edited.body.code]).toEqual([422, 'STATE_PINCODE_MISMATCH']);
    // The directory's older spellings and "&" are the same state: Puducherry's pincode typed as Puducherry.
    const pondy = { ...ADDRESS, city: 'Puducherry', district: 'Puducherry', state: 'Puducherry', pincode: '605001' };
    expect(
      (
        await api(t)
          .post('/api/address/create')
          .set(bearer(c.token))
          .send({ ...mumbai, state: 'maharashtra ' })
      ).status,
    ).toBe(201);
    expect((await api(t).post('/api/address/create').set(bearer(c.token)).send(pondy)).body.code).not.toBe('STATE_PINCODE_MISMATCH');
  });

  it('requires every one of the nine fields (400 naming it)', async () => {
    const c = await newCustomer(t);
    for (const field of Object.keys(ADDRESS) as Array<keyof typeof ADDRESS>) {
      const body: Record<string, string> = { ...ADDRESS };
      delete body[field];
      const missing = await api(t).post('/api/address/create').set(bearer(c.token)).send(body);
      expect({ field, status: missing.status }).toEqual({ field, status: 400 });
      expect(missing.body.fields).toContain(field);
      const blank = await api(t)
        .post('/api/address/create')
        .set(bearer(c.token))
        .send({ ...ADDRESS, [field]: '   ' });
      expect({ field, status: blank.status }).toEqual({ field, status: 400 });
    }
    expect((await list(c.token)).body.data).toEqual([]);
  });

  it("updates the owner's address; the body's userId changes nothing", async () => {
    const c = await newCustomer(t);
    const other = await newCustomer(t);
    const id = await addAddress(t, c.token);
    const res = await api(t)
      .put('/api/address/update')
      .set(bearer(c.token))
      .send({ ...ADDRESS, _id: id, userId: other.id, city: 'Mysuru', pincode: 570001 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: id, userId: c.id, city: 'Mysuru', pincode: '570001' });
    expect((await list(c.token)).body.data[0].city).toBe('Mysuru');
    expect((await list(other.token)).body.data).toEqual([]);
  });

  it('disable hides the address from get, keeps others, and cannot be edited back', async () => {
    const c = await newCustomer(t);
    const keep = await addAddress(t, c.token, { name: 'Keep' });
    const drop = await addAddress(t, c.token, { name: 'Drop' });
    const res = await api(t).delete('/api/address/disable').set(bearer(c.token)).send({ _id: drop });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Address Removed');
    expect(res.body.data.status).toBe(false);
    expect((await list(c.token)).body.data.map((a: { _id: string }) => a._id)).toEqual([keep]);
    expect(
      (
        await api(t)
          .put('/api/address/update')
          .set(bearer(c.token))
          .send({ ...ADDRESS, _id: drop })
      ).status,
    ).toBe(404);
    // Disabling again is harmless for the owner.
    expect((await api(t).delete('/api/address/disable').set(bearer(c.token)).send({ _id: drop })).status).toBe(200);
  });
});
