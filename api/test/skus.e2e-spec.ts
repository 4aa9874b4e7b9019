import { api, bearer, DB_KINDS, startWithUsers, type TestApp } from './harness.js';
import { addCategory, addSubCategory, fieldsOf, uniqueName } from './catalog-fixtures.js';

/**
 * SKUs (docs/product.md#catalogue-in-bulk): every product and option has one, unique in the shop whatever the
 * case, kept in capitals; a SKU names a product wherever an admin call takes its id. Both engines: the 409
 * is read from each driver's unique-violation error.
 */
describe.each(DB_KINDS)('SKUs on %s', (kind) => {
  let t: TestApp, admin: string, customer: string, category: string, sub: string;
  beforeAll(async () => {
    ({ t, admin, customer } = await startWithUsers(kind));
    category = (await addCategory(t, admin))._id;
    sub = (await addSubCategory(t, admin, [category]))._id;
  });
  afterAll(() => t.close());

  let n = 0;
  const create = (fields: Record<string, unknown>) =>
    api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({
        hsn: '8518',
        gstRate: 18,
        name: uniqueName('Atta'),
        unit: 'pack',
        stock: 5,
        price: 100,
        description: 'A test product.',
        category: [category],
        subCategory: [sub],
        ...fields,
      });
  const update = (fields: Record<string, unknown>) => api(t).put('/api/product/update-product-details').set(bearer(admin)).send(fields);
  const fresh = () => `T${kind === 'pglite' ? 'L' : 'P'}-${Date.now().toString(36)}-${n++}`.toUpperCase();

  it('makes a SKU for a product and its options when the admin gives none, and keeps one given in capitals', async () => {
    const made = await create({ name: 'Aashirvaad Atta 5 kg', variants: [{ name: 'Small' }, { name: 'Large', sku: 'own-large' }] });
    expect(made.status).toBe(201);
    const p = made.body.data;
    expect(p.sku).toMatch(/^AASHIRVAAD-ATTA-5-KG-[0-9A-Z]{10}$/);
    expect(p.variants.map((v: { sku: string }) => v.sku)).toEqual([`${p.sku}-1`, 'OWN-LARGE']);
    const given = fresh();
    const named = await create({ sku: given.toLowerCase() });
    expect(named.status).toBe(201);
    expect(named.body.data.sku).toBe(given);
    // The shopper's product page shows it too.
    const details = await api(t).post('/api/product/get-product-details').send({ productId: named.body.data._id });
    expect(details.body.data.sku).toBe(given);
  });

  it('answers 409 naming `sku` for a SKU another product or option has, in any case, and writes nothing', async () => {
    const sku = fresh();
    const first = await create({ sku, variants: [{ name: 'One', sku: `${sku}-OPT` }] });
    expect(first.status).toBe(201);
    const again = await create({ sku: sku.toLowerCase(), name: 'Second try' });
    expect(again.status).toBe(409);
    expect(fieldsOf(again)).toEqual(['sku']);
    const inHindi = await create({ sku }).set('Accept-Language', 'hi-IN');
    expect(inHindi.body.message).toBe(`SKU "${sku}" पहले से किसी दूसरे प्रोडक्ट या विकल्प का है।`);
    const search = await api(t).post('/api/product/search-product').send({ search: 'Second try' });
    expect(search.body.data).toEqual([]);
    // A product taking an option's SKU, and an option taking a product's.
    const asOption = await create({ sku: `${sku}-opt` });
    expect(asOption.status).toBe(409);
    expect(fieldsOf(asOption)).toEqual(['sku']);
    const other = await create({ sku: fresh() });
    const optionClash = await update({ _id: other.body.data._id, variants: [{ name: 'A' }, { name: 'B', sku }] });
    expect(optionClash.status).toBe(409);
    expect(fieldsOf(optionClash)).toEqual(['variants.1.sku']);
    const renamed = await update({ _id: other.body.data._id, sku: sku.toLowerCase() });
    expect(renamed.status).toBe(409);
    expect(fieldsOf(renamed)).toEqual(['sku']);
    const optionOfOption = await update({ _id: other.body.data._id, variants: [{ name: 'A', sku: `${sku}-opt` }] });
    expect(optionOfOption.status).toBe(409);
    expect(fieldsOf(optionOfOption)).toEqual(['variants.0.sku']);
  });

  it('refuses a SKU with other characters or over 40 long, naming the field (400)', async () => {
    for (const sku of ['ATTA 5KG', 'आटा', '-ATTA', 'A'.repeat(41)]) {
      const res = await create({ sku });
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual(['sku']);
    }
    const twice = await create({
      variants: [
        { name: 'A', sku: 'SAME-X' },
        { name: 'B', sku: 'same-x' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(fieldsOf(twice)).toEqual(['variants.1.sku']);
  });

  it('takes `sku:<SKU>` wherever an admin call takes a product id: edit, stock, delete', async () => {
    const sku = fresh();
    const made = await create({ sku, stock: 4 });
    const id = made.body.data._id;
    const edited = await update({ _id: `sku:${sku.toLowerCase()}`, price: 250, sku: `${sku}-NEW` });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ _id: id, price: 250, sku: `${sku}-NEW` });
    expect((await update({ _id: `sku:${sku}`, price: 1 })).status).toBe(404);
    const stock = await api(t)
      .post('/api/product/admin/adjust-stock')
      .set(bearer(admin))
      .send({ productId: `sku:${sku}-NEW`, stock: 9, expectedStock: 4 });
    expect(stock.status).toBe(200);
    expect(stock.body.data).toMatchObject({ productId: id, available: 9 });
    expect(
      (
        await api(t)
          .post('/api/product/admin/adjust-stock')
          .set(bearer(customer))
          .send({ productId: `sku:${sku}-NEW`, stock: 1, expectedStock: 9 })
      ).status,
    ).toBe(403);
    expect((await update({ _id: 'sku:not a sku' })).status).toBe(400);
    const gone = await api(t)
      .delete('/api/product/delete-product')
      .set(bearer(admin))
      .send({ _id: `sku:${sku}-new` });
    expect(gone.status).toBe(200);
    expect((await api(t).post('/api/product/get-product-details').send({ productId: id })).status).toBe(404);
  });

  it('keeps an option’s SKU through a save that does not send it, and makes one for a new option that does not clash', async () => {
    const sku = fresh();
    const made = await create({ sku, variants: [{ name: 'A' }, { name: 'B' }] });
    const [a, b] = made.body.data.variants as Array<{ _id: string; sku: string }>;
    // B first, a new option between: the new one must not take A's or B's SKU.
    const saved = await update({ _id: made.body.data._id, variants: [{ _id: b!._id, name: 'B' }, { name: 'C' }, { _id: a!._id, name: 'A' }] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.variants.map((v: { sku: string }) => v.sku)).toEqual([`${sku}-2`, `${sku}-3`, `${sku}-1`]);
  });
});
