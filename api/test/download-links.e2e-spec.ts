import { eq } from 'drizzle-orm';
import { DownloadLinks } from '../src/auth/index.js';
import { users } from '../src/users/users.table.js';
import { binary } from './pdf-text.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';

const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
/** This month, a return's period (a month or a quarter). */
const monthStart = `${today.slice(0, 7)}-01`;
const monthEnd = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).toISOString().slice(0, 10);
const GSTR1 = `/api/admin/gst/gstr1?from=${monthStart}&to=${monthEnd}&format=json`;
const ORDERS = `/api/admin/orders/export?from=${today}&to=${today}&format=csv`;

/**
 * Signed download links (docs/decisions/0330-books-downloads.md): an admin's screen asks for a link to one file and
 * the browser follows it without a token; the link works for that file, that admin and a minute, and nothing else.
 */
describe.each(PORTABLE_DB_KINDS)('download links on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;

  beforeAll(async () => {
    t = await startApp(kind, { SHOP_STATE: 'Karnataka' });
    admin = await adminToken(t);
    adminId = (await api(t).get('/api/user/user-details').set(bearer(admin))).body.data._id;
  });
  afterAll(() => t.close());

  const link = (path: string, token = admin) => api(t).post('/api/admin/download-links').set(bearer(token)).send({ path });
  /** Follows a link as a browser does: no Authorization header. */
  const follow = (url: string) => api(t).get(url).buffer(true).parse(binary);

  it('signs a link for the admin that downloads the file without a token', async () => {
    const res = await link(GSTR1);
    expect(res.status).toBe(200);
    const { url, expiresAt } = res.body.data;
    expect(url).toMatch(new RegExp(`^/api/admin/gst/gstr1\\?from=${monthStart}&to=${monthEnd}&format=json&by=${adminId}&expires=\\d+&signature=[\\w-]+$`));
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(50_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    const file = await follow(url);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('.json');
    expect(JSON.parse((file.body as Buffer).toString('utf8'))).toMatchObject({ gstin: '29AAHCH4527K1Z7', b2b: [] });
    // The books' exports too, streamed as CSV.
    const orders = await follow((await link(ORDERS)).body.data.url);
    expect(orders.status).toBe(200);
    expect(orders.headers['content-type']).toMatch(/^text\/csv/);
    expect((orders.body as Buffer).toString('utf8')).toMatch(/^\uFEFFOrder,Placed at \(IST\)/);
  });

  it('refuses a link changed by a byte: another period, another admin, another file, another signature', async () => {
    const { url } = (await link(GSTR1)).body.data as { url: string };
    const other = await newCustomer(t, 'Other Admin');
    const tampered = [
      url.replace(`to=${monthEnd}`, 'to=2099-12-31'),
      url.replace(`by=${adminId}`, `by=${other.id}`),
      url.replace('format=json', 'format=csv&table=b2b'),
      url.replace('/gst/gstr1', '/orders/export'),
      url.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`),
      url.replace(/&signature=.*$/, ''),
    ];
    for (const bad of tampered) {
      const res = await follow(bad);
      const body = res.body.length ? JSON.parse((res.body as Buffer).toString('utf8')) : {};
      // Without its signature a link is a request without a token.
      expect({ bad, status: res.status, message: body.message }).toEqual({
        bad,
        status: 401,
        message: bad.includes('signature=') ? 'This download link is not valid: download again from the screen.' : 'Please login to continue.',
      });
    }
  });

  it('refuses a link after its minute', async () => {
    const links = t.app.get(DownloadLinks);
    const stale = links.sign(GSTR1, adminId, Date.now() - 61_000);
    const res = await follow(stale.url);
    expect({ status: res.status, message: JSON.parse((res.body as Buffer).toString('utf8')).message }).toEqual({
      status: 401,
      message: 'This download link has expired: download again from the screen.',
    });
    // The same file signed now works.
    expect((await follow(links.sign(GSTR1, adminId).url)).status).toBe(200);
  });

  it('is for admins only: a shopper gets no link, and a link of someone who is not an admin is refused', async () => {
    const shopper = await newCustomer(t, 'Curious Shopper');
    expect((await link(GSTR1, shopper.token)).status).toBe(403);
    expect((await api(t).post('/api/admin/download-links').send({ path: GSTR1 })).status).toBe(401);
    // Signed by the server's own key (as a leaked key would), a shopper's link still fails the role check.
    expect((await follow(t.app.get(DownloadLinks).sign(GSTR1, shopper.id).url)).status).toBe(403);
    // An admin demoted after asking loses the link at once.
    const demoted = await newCustomer(t, 'Former Admin');
    await t.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, demoted.id));
    const url = t.app.get(DownloadLinks).sign(ORDERS, demoted.id).url;
    expect((await follow(url)).status).toBe(200);
    await t.db.update(users).set({ role: 'USER' }).where(eq(users.id, demoted.id));
    expect((await follow(url)).status).toBe(403);
  });

  it('names what is wrong with the file asked for', async () => {
    const cases: Array<[object, string]> = [
      [{}, 'path: is required'],
      [{ path: '/api/admin/users' }, 'path: must be one of /api/admin/gst/gstr1, /api/admin/orders/export, /api/admin/stock/ledger, /api/admin/catalog/export'],
      [{ path: `/api/admin/gst/gstr1?from=${today}&to=2000-01-01` }, 'path: to: must not be before from'],
      [{ path: `/api/admin/orders/export?from=${today}&to=${today}&format=pdf` }, 'path: format: must be csv or xlsx'],
      [{ path: `${GSTR1}&signature=x` }, 'path: must not carry signature (the link adds it)'],
    ];
    for (const [body, message] of cases) {
      const res = await api(t).post('/api/admin/download-links').set(bearer(admin)).send(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
  });
});
