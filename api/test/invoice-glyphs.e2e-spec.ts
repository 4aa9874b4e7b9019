import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { CashOnDeliveryBody } from '@haat/shared/orders/order.schema';
import { OrderLifecycle } from '../src/orders/lifecycle/order-lifecycle.service.js';
import { lockOrder } from '../src/orders/lifecycle/transition.js';
import { OrderPlacementService } from '../src/orders/order-placement.service.js';
import { setOrderCheckoutSession } from '../src/orders/orders.repository.js';
import type { OrderRow } from '../src/orders/orders.table.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, line, openShop } from './order-fixtures.js';
import { missingGlyphBoxes, notdefGlyphs, pdfFonts, renderPage } from './pdf-glyphs.js';
import { binary, pdfText } from './pdf-text.js';

/** A name, a place and a product as shoppers and the shop type them, in the script of each scheduled language, and the face it needs. */
const SCRIPTS = {
  Tamil: { name: 'கார்த்திக் சுப்ரமணியம்', place: 'அண்ணா சாலை, சென்னை', product: 'காபி தூள்', font: 'NotoSansTamil' },
  Kannada: { name: 'ಶ್ರೀನಿವಾಸ ಕೃಷ್ಣಮೂರ್ತಿ', place: 'ಜಯನಗರ, ಬೆಂಗಳೂರು', product: 'ಮೈಸೂರು ಪಾಕ್', font: 'NotoSansKannada' },
  Bengali: { name: 'সৌমিত্র চক্রবর্তী', place: 'গড়িয়াহাট, কলকাতা', product: 'রসগোল্লা', font: 'NotoSansBengali' },
  Telugu: { name: 'శ్రీకాంత్ రెడ్డి', place: 'బంజారా హిల్స్, హైదరాబాద్', product: 'గోంగూర పచ్చడి', font: 'NotoSansTelugu' },
  Gujarati: { name: 'કૃષ્ણ પટેલ', place: 'નવરંગપુરા, અમદાવાદ', product: 'ખાખરા', font: 'NotoSansGujarati' },
  Gurmukhi: { name: 'ਹਰਪ੍ਰੀਤ ਸਿੰਘ', place: 'ਸਦਰ ਬਾਜ਼ਾਰ, ਅੰਮ੍ਰਿਤਸਰ', product: 'ਪਿੰਨੀ', font: 'NotoSansGurmukhi' },
  Urdu: { name: 'فاطمہ خان', place: 'چار مینار، حیدرآباد', product: 'شیر خرما', font: 'NotoNastaliqUrdu' },
  Malayalam: { name: 'ശ്രീക്കുട്ടൻ നായർ', place: 'എം.ജി. റോഡ്, കൊച്ചി', product: 'അവലോസ് പൊടി', font: 'NotoSansMalayalam' },
  Odia: { name: 'ସ୍ମୃତି ପ୍ରଧାନ', place: 'ଖଣ୍ଡଗିରି, ଭୁବନେଶ୍ୱର', product: 'ଛେନା ପୋଡ଼', font: 'NotoSansOriya' },
  Devanagari: { name: 'प्रिया शर्मा', place: 'गांधी नगर', product: 'स्टील टिफ़िन', font: 'NotoSansDevanagari' },
};
const BASE = ['NotoSansDevanagari-Bold', 'NotoSansDevanagari-Regular'];

/**
 * Tax documents in every script a shopper types (docs/decisions/0200-tax-invoices.md): a buyer named and
 * living in the scripts of India's scheduled languages, with products named in them too, gets an invoice and
 * a credit note whose every glyph is drawn (no missing-glyph box in the PDF's glyphs nor on the page poppler
 * renders), in embedded Noto faces, reading back as typed; an English invoice embeds the base face alone.
 */
describe.each(PORTABLE_DB_KINDS)('tax documents in every script, glyph by glyph, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { HOLD_LIMIT_UNITS: '100000', SHOP_STATE: 'Karnataka' });
  });
  afterAll(() => t.close());

  it('draws every glyph of a buyer, an address and products in eleven scripts, on the invoice and the credit note', async () => {
    const admin = await adminToken(t);
    const shop = await openShop(t, admin);
    const products = [];
    for (const { product } of Object.values(SCRIPTS)) {
      const made = await api(t)
        .post('/api/product/create')
        .set(bearer(admin))
        .send({ name: product, price: 100, unit: '1 pc', stock: 100, description: 'x', hsn: '2106', gstRate: 5, category: [shop.categoryId] });
      expect(made.status).toBe(201);
      products.push(made.body.data as { _id: string });
    }
    const samples = Object.values(SCRIPTS);
    const shopper = await newCustomer(t, SCRIPTS.Kannada.name);
    const address = await addAddress(t, shopper.id, {
      name: `${SCRIPTS.Kannada.name} (Srinivas)`,
      building: samples.map((s) => s.name).join(' · '),
      addressLine: samples.map((s) => s.place).join(', '),
    });
    const orderId = await paidThenCancelled(shopper, products, address);

    const invoice = await download(shopper.token, orderId, 'invoice');
    const creditNote = await download(shopper.token, orderId, 'credit-note');
    for (const pdf of [invoice, creditNote]) {
      const fonts = pdfFonts(pdf);
      expect(fonts.filter((f) => !f.embedded)).toEqual([]);
      expect(new Set(fonts.map((f) => f.name.replace(/-(Regular|Bold)$/, '')))).toEqual(new Set(samples.map((s) => s.font)));
      expect(notdefGlyphs(pdf)).toMatchObject({ notdef: 0 });
      expect(missingGlyphBoxes(renderPage(pdf, 1, 200, process.env.KEEP_INVOICE_PNG))).toBe(0);
      const text = pdfText(pdf);
      for (const [script, typed] of Object.entries(SCRIPTS))
        for (const part of [typed.name, ...typed.place.split(/[,،] /), typed.product]) expect([script, text.includes(part)]).toEqual([script, true]);
    }
    // Drawn once and kept: the next download is the same bytes.
    expect(Buffer.compare(await download(shopper.token, orderId, 'invoice'), invoice)).toBe(0);
    console.log(`an invoice in eleven scripts: ${invoice.length} bytes, a credit note ${creditNote.length}`);
  });

  it('finds the boxes a face without the script draws, so the checks above can fail', async () => {
    // The same texts drawn in the base face alone, as invoices were before each script had its face.
    const pdf = await basePdf(Object.values(SCRIPTS).flatMap((s) => [s.name, s.place]));
    const { notdef } = notdefGlyphs(pdf);
    expect(notdef).toBeGreaterThan(100);
    expect(missingGlyphBoxes(renderPage(pdf, 1))).toBe(notdef);
  });

  it('embeds the base face alone in an English invoice', async () => {
    const admin = await adminToken(t);
    const shop = await openShop(t, admin);
    const made = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({ name: 'Steel Tiffin', price: 1299, unit: '1 pc', stock: 100, description: 'x', hsn: '7323', gstRate: 18, category: [shop.categoryId] });
    const shopper = await newCustomer(t, 'Asha Rao');
    const address = await addAddress(t, shopper.id);
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(shopper.token))
      .send({ list_items: [line(made.body.data, 1)], totalAmt: 1299, addressId: address });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.orderId as string;
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'DELIVERED' })).status).toBe(200);
    const pdf = await download(shopper.token, orderId, 'invoice');
    expect(pdfFonts(pdf).map((f) => f.name)).toEqual(BASE);
    expect(notdefGlyphs(pdf)).toMatchObject({ notdef: 0 });
    expect(pdf.length).toBeLessThan(20_000);
    console.log(`an English invoice: ${pdf.length} bytes`);
  });

  /** A card order of one of each product, paid (so invoiced) and then cancelled by the shopper (so credited). */
  async function paidThenCancelled(shopper: { id: string; token: string }, products: { _id: string }[], addressId: string): Promise<string> {
    const input = CashOnDeliveryBody.parse({ list_items: products.map((p) => line(p, 1)), totalAmt: 100 * products.length, addressId });
    const { order } = await t.app.get(OrderPlacementService).place(shopper.id, input, 'CARD');
    await setOrderCheckoutSession(t.db, order.id, `cs_test_${order.id}`, null);
    const lifecycle = t.app.get(OrderLifecycle);
    await t.db.transaction(async (tx) =>
      lifecycle.transitionIn(tx, (await lockOrder(tx, order.id)) as OrderRow, 'PLACED', 'payment', { paymentIntent: 'pi_1' }),
    );
    expect((await api(t).post('/api/order/cancel').set(bearer(shopper.token)).send({ orderId: order.id })).status).toBe(200);
    return order.id;
  }

  async function download(token: string, orderId: string, document: 'invoice' | 'credit-note'): Promise<Buffer> {
    const res = await api(t).get(`/api/order/${orderId}/${document}`).set(bearer(token)).buffer(true).parse(binary);
    expect([res.status, res.headers['content-type']]).toEqual([200, 'application/pdf']);
    return res.body as Buffer;
  }
});

/** `texts` drawn by pdfkit in the base face (Noto Sans Devanagari) alone. */
function basePdf(texts: string[]): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  pdf.font(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf')).fontSize(9);
  for (const text of texts) pdf.text(text);
  pdf.end();
  return done;
}
