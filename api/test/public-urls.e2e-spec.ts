import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { categories } from '../src/catalog/categories.table.js';
import { products } from '../src/catalog/products.table.js';
import { api, bearer, startWithUsers, type TestApp } from './harness.js';
import { addCategory, addSubCategory } from './catalog-fixtures.js';

const PUBLIC = 'https://shop.example';

describe('image URLs usable from any origin (PUBLIC_URL)', () => {
  let t: TestApp, admin: string;
  beforeAll(async () => void ({ t, admin } = await startWithUsers('pglite', { PUBLIC_URL: `${PUBLIC}/` })));
  afterAll(() => t.close());

  it('answers an upload as an absolute URL on PUBLIC_URL, served at its path', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#446688' } })
      .png()
      .toBuffer();
    const res = await api(t).post('/api/file/upload').set(bearer(admin)).attach('image', png, 'a.png');
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(/^https:\/\/shop\.example\/uploads\/[a-z0-9]+-large\.webp$/);
    expect(res.body.data.small).toMatch(/^https:\/\/shop\.example\/uploads\/[a-z0-9]+-small\.webp$/);
    expect((await api(t).get(new URL(res.body.data.url).pathname)).status).toBe(200);
  });

  it('stores our absolute URLs as paths, answers them absolute everywhere; other sites’ URLs pass unchanged', async () => {
    const cat = await addCategory(t, admin);
    const sub = await addSubCategory(t, admin, [cat._id]);
    const created = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({
        hsn: '8518',
        gstRate: 18,
        name: 'Mug',
        image: [`${PUBLIC}/uploads/m-large.webp`, '/uploads/n-large.webp', 'https://cdn.example.com/x.webp'],
        category: [cat._id],
        subCategory: [sub._id],
        unit: 'pack',
        stock: 3,
        price: 100,
        description: 'A mug.',
      });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    expect(created.status).toBe(201);
    const expected = [`${PUBLIC}/uploads/m-large.webp`, `${PUBLIC}/uploads/n-large.webp`, 'https://cdn.example.com/x.webp'];
    expect(created.body.data.image).toEqual(expected);
    const [row] = await t.db.select({ image: products.image }).from(products).where(eq(products.id, created.body.data._id));
    expect(row!.image).toEqual(['/uploads/m-large.webp', '/uploads/n-large.webp', 'https://cdn.example.com/x.webp']);

    const details = await api(t).post('/api/product/get-product-details').send({ productId: created.body.data._id });
    expect(details.body.data.image).toEqual(expected);
    const list = await api(t).get('/api/category/get');
    expect(list.body.data.find((c: { _id: string }) => c._id === cat._id).image).toBe(`${PUBLIC}/uploads/cat.webp`);
    const [catRow] = await t.db.select({ image: categories.image }).from(categories).where(eq(categories.id, cat._id));
    expect(catRow!.image).toBe('/uploads/cat.webp');
  });
});
