import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addCategory, addSubCategory, uniqueName } from './catalog-fixtures.js';
import { adminToken, api, startApp, type TestApp } from './harness.js';
import { withFirstPictures } from '../src/catalog/first-paint.js';

// The built PWA's page in miniature: a title and the static shell's empty #boot-first.
const INDEX =
  '<!doctype html><html><head><title>Haat</title><script>document.documentElement.dataset.boot = "page";</script></head>' +
  '<body><div id="root"><main><div id="boot-first" class="page boot-first" aria-hidden="true"></div></main></div></body></html>';

const GRID_SIZES = '(max-width: 575px) 50vw, (max-width: 991px) 33vw, 240px';

/**
 * A product or listing page is sent with its first pictures preloaded from the <head>
 * and drawn into the static shell (api/src/products/first-paint.ts), so the largest paint needs no script.
 */
describe('pages come with their first product pictures', () => {
  let t: TestApp, dist: string, token: string;
  let category: { _id: string; name: string }, sub: { _id: string; name: string };
  const products: Array<{ _id: string; name: string }> = [];

  const addProduct = async (image: string[]) => {
    const res = await api(t)
      .post('/api/product/create')
      .set('authorization', `Bearer ${token}`)
      .send({
        hsn: '8518',
        gstRate: 18,
        name: uniqueName('Pictured'),
        image,
        unit: 'pack',
        stock: 5,
        price: 100,
        discount: 0,
        description: 'A product with pictures.',
        category: [category._id],
        subCategory: [sub._id],
        more_details: {},
        variants: [],
      });
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; name: string };
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'haat-pwa-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    t = await startApp('pglite', { PWA_DIST: dist, PUBLIC_URL: 'http://localhost:3000' });
    token = await adminToken(t);
    category = await addCategory(t, token);
    sub = await addSubCategory(t, token, [category._id]);
    // Listings are newest first: the last added is the first card.
    products.push(await addProduct(['/uploads/third-large.webp']));
    products.push(await addProduct(['/uploads/second-large.webp', '/uploads/other-large.webp']));
    products.push(await addProduct(['/uploads/first-large.webp']));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = async (path: string) => {
    const res = await api(t).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    return res.text;
  };

  it('a product page preloads and draws its first picture, with the srcset and sizes the app uses', async () => {
    const html = await page(`/product/Some-Name-${products[1]!._id}`);
    const srcset = '/uploads/second-small.webp 400w, /uploads/second-large.webp 1200w';
    expect(html).toContain(
      `<title>Haat</title><link rel="preload" as="image" fetchpriority="high" imagesrcset="${srcset}" imagesizes="(max-width: 767px) 100vw, 560px">`,
    );
    expect(html).toContain(
      `<div id="boot-first" class="page boot-first" aria-hidden="true"><div class="boot-first__product"><span class="boot-first__picture"><img alt="" width="600" height="600" fetchpriority="high" src="/uploads/second-small.webp" srcset="${srcset}" sizes="(max-width: 767px) 100vw, 560px"></span></div></div>`,
    );
    expect(html).not.toContain('other-large');
  });

  it("a listing preloads and draws its first two cards' pictures", async () => {
    const html = await page(`/${category.name.replace(/\s+/g, '-')}-${category._id}/Sub-${sub._id}`);
    const preloads = [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" imagesrcset="([^"]*)" imagesizes="([^"]*)">/g)];
    const cards = [
      ...html.matchAll(
        /<span class="product-card"><span class="product-card__media"><img alt="" width="400" height="400" fetchpriority="high" src="([^"]*)" srcset="([^"]*)" sizes="([^"]*)"><\/span><\/span>/g,
      ),
    ];
    const sets = ['/uploads/first-small.webp 400w, /uploads/first-large.webp 1200w', '/uploads/second-small.webp 400w, /uploads/second-large.webp 1200w'];
    expect(preloads.map((m) => [m[1], m[2]])).toEqual(sets.map((set) => [set, GRID_SIZES]));
    expect(cards.map((m) => [m[1], m[2], m[3]])).toEqual([
      ['/uploads/first-small.webp', sets[0], GRID_SIZES],
      ['/uploads/second-small.webp', sets[1], GRID_SIZES],
    ]);
    // the real grid's and card's classes, so product-card.css places them as React will
    expect(html).toContain('<div class="boot-first__grid product-grid"><span class="product-card">');
  });

  it('other pages, unknown or malformed ids and hostile addresses get the page unchanged', async () => {
    for (const path of [
      '/',
      '/search?q=watch',
      '/about',
      `/product/Gone-${'0'.repeat(26)}`,
      '/product/not-an-id',
      `/dashboard/${category._id}`,
      `/product/x-${products[0]!._id}%22%3E%3Cscript%3E`,
      `/A-${category._id}/B-${category._id}`,
    ]) {
      expect(await page(path)).toBe(INDEX);
    }
  });
});

describe('withFirstPictures', () => {
  it('escapes what it writes into attributes, and leaves a page without the shell alone', () => {
    const html = withFirstPictures(INDEX, { kind: 'grid', images: ['/uploads/a"><script>x</script>.webp'] });
    expect(html).not.toContain('<script>x');
    expect(html).toContain('href="/uploads/a&quot;&gt;&lt;script&gt;x&lt;/script&gt;.webp"');
    expect(html).toContain('src="/uploads/a&quot;&gt;&lt;script&gt;x&lt;/script&gt;.webp"');
    const other = '<html><head><title>x</title></head><body></body></html>';
    expect(withFirstPictures(other, { kind: 'product', images: ['/uploads/a-large.webp'] })).toBe(other);
  });
});
