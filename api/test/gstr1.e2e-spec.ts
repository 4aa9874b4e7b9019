import { binary, pdfText } from './pdf-text.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { KARNATAKA_BUYER, LAST_DAY, MAHARASHTRA_BUYER, MONTH, MONTH_BEFORE, NEXT_DAY, buildMonth, portalDay, type Month } from './gstr1-month.js';

const FROM = `${MONTH}-01`;
const PERIOD = `from=${FROM}&to=${LAST_DAY}`;
const FP = `${MONTH.slice(5, 7)}${MONTH.slice(0, 4)}`;
/** The month after the next (YYYY-MM): no documents are issued in it. */
const MONTH_AFTER_NEXT = new Date(Date.UTC(Number(NEXT_DAY.slice(0, 4)), Number(NEXT_DAY.slice(5, 7)), 1)).toISOString().slice(0, 7);
/** A day of the month as the offline tool's template writes it (DD-MMM-YYYY). */
const sheetDay = (day: string) =>
  `${day}-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(MONTH.slice(5, 7)) - 1]}-${MONTH.slice(0, 4)}`;

/**
 * The header row of each sheet of the GST portal's GSTR-1 offline tool's Excel workbook template (GSTR1_Excel_Workbook_Template
 * V2.0, sheets b2b, b2cl, b2cs, cdnr, cdnur, exemp, hsn(b2b) and hsn(b2c), docs), copied from the published template: the
 * tool imports a sheet's CSV by these names, in this order.
 */
const TEMPLATE_HEADERS = {
  b2b: 'GSTIN/UIN of Recipient|Receiver Name|Invoice Number|Invoice date|Invoice Value|Place Of Supply|Reverse Charge|Applicable % of Tax Rate|Invoice Type|E-Commerce GSTIN|Rate|Taxable Value|Cess Amount',
  b2cl: 'Invoice Number|Invoice date|Invoice Value|Place Of Supply|Applicable % of Tax Rate|Rate|Taxable Value|Cess Amount|E-Commerce GSTIN',
  b2cs: 'Type|Place Of Supply|Applicable % of Tax Rate|Rate|Taxable Value|Cess Amount|E-Commerce GSTIN',
  cdnr: 'GSTIN/UIN of Recipient|Receiver Name|Note Number|Note Date|Note Type|Place Of Supply|Reverse Charge|Note Supply Type|Note Value|Applicable % of Tax Rate|Rate|Taxable Value|Cess Amount',
  cdnur: 'UR Type|Note Number|Note Date|Note Type|Place Of Supply|Note Value|Applicable % of Tax Rate|Rate|Taxable Value|Cess Amount',
  exemp: 'Description|Nil Rated Supplies|Exempted(other than nil rated/non GST supply)|Non-GST Supplies',
  hsn: 'HSN|Description|UQC|Total Quantity|Total Value|Rate|Taxable Value|Integrated Tax Amount|Central Tax Amount|State/UT Tax Amount|Cess Amount',
  docs: 'Nature of Document|Sr. No. From|Sr. No. To|Total Number|Cancelled',
} satisfies Record<string, string>;

/** The last day of a month (YYYY-MM). */
const lastDayOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * GSTR-1 from the shop's own documents (docs/product.md#gst-return): a month of orders across states, placed
 * through the API and delivered, returned and cancelled through the order lifecycle on dated days
 * (gstr1-month.ts), and every table of the return checked against figures worked by hand from the prices.
 */
describe.each(DB_KINDS)('GSTR-1 on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let m: Month;
  let inv: string[];
  let notes: string[];

  beforeAll(async () => {
    t = await startApp(kind, { HOLD_LIMIT_UNITS: '100000', SHOP_STATE: 'Karnataka', RETURN_WINDOW_DAYS: '120' });
    admin = await adminToken(t);
    m = await buildMonth(t, admin);
    ({ inv, notes } = m);
  });
  afterAll(() => t.close());

  const gstr1 = (query: string, token = admin) => api(t).get(`/api/admin/gst/gstr1?${query}`).set(bearer(token));
  const pdf = async (orderId: string) =>
    pdfText((await api(t).get(`/api/order/${orderId}/invoice`).set(bearer(admin)).buffer(true).parse(binary)).body as Buffer);

  it("takes a business buyer's GSTIN on its address, checked by its check character, and prints it on the invoice", async () => {
    const buyer = await newCustomer(t, 'Typo Traders');
    const mumbai = { name: 'T', building: 'B', address_line: 'L', district: 'Mumbai', city: 'Mumbai', state: 'Maharashtra', country: 'India' };
    const res = await api(t)
      .post('/api/address/create')
      .set(bearer(buyer.token))
      .send({ ...mumbai, pincode: '400001', mobile: '9876543210', gstin: '27AAPFU0939F1ZW' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('gstin: has a wrong check character (mistyped?)');
    // The shop's own GSTIN is not a buyer's: the portal refuses a return that names the filer as its own buyer.
    const own = await api(t)
      .post('/api/address/create')
      .set(bearer(buyer.token))
      .send({ ...mumbai, pincode: '400001', mobile: '9876543210', gstin: '29AAHCH4527K1Z7' });
    expect([own.status, own.body.fields, own.body.message]).toEqual([400, ['gstin'], "gstin: is the shop's own GSTIN; enter the buyer's"]);
    // Typed in lower case, kept and printed in capitals: on the invoice's data and on its PDF, under the buyer.
    const invoice = await api(t).get(`/api/order/${m.tradersOrderId}/invoice`).set(bearer(admin)).set('Accept', 'application/json');
    expect(invoice.body.data.buyer).toMatchObject({ name: 'Mumbai Traders LLP', state: 'Maharashtra', gstin: MAHARASHTRA_BUYER });
    const b2b = (await pdf(m.tradersOrderId)).split('\n').map((l) => l.trim());
    const billedTo = b2b.findIndex((l) => l.startsWith('Billed and shipped to'));
    expect(b2b.slice(billedTo, billedTo + 6)).toContain(`GSTIN: ${MAHARASHTRA_BUYER}`);
    // A shopper's invoice prints the shop's GSTIN only.
    const b2c = await pdf(m.ashaOrderId);
    expect(b2c.match(/GSTIN: \w+/g)).toEqual(['GSTIN: 29AAHCH4527K1Z7']);
  });

  it('is for admins only, and names what is wrong with a period', async () => {
    const shopper = await newCustomer(t, 'Curious Shopper');
    expect((await gstr1(PERIOD, shopper.token)).status).toBe(403);
    expect((await api(t).get(`/api/admin/gst/gstr1?${PERIOD}`)).status).toBe(401);
    const cases: Array<[string, string]> = [
      ['from=2026-11-31&to=2026-12-01', 'from: must be a date as YYYY-MM-DD'],
      ['from=2026-11-10&to=2026-11-01', 'to: must not be before from'],
      ['from=2026-01-01&to=2026-06-30', 'to: must be within 92 days of from (a return covers a month or a quarter)'],
      // A month or a quarter, nothing else (the portal files by month, or by quarter under QRMP).
      [
        'from=2026-11-03&to=2026-11-20',
        'to: must end a month or a quarter that from starts (a return is filed for a month, or a quarter from April, July, October or January)',
      ],
      [
        'from=2026-02-01&to=2026-04-30',
        'to: must end a month or a quarter that from starts (a return is filed for a month, or a quarter from April, July, October or January)',
      ],
      ['from=2026-11-01&to=2026-11-30&format=csv&table=hsn&part=all', 'part: must be b2b or b2c'],
      ['from=2026-11-01&to=2026-11-30&format=csv&table=nil', 'table: must be one of b2b, b2cl, b2cs, cdnr, cdnur, exemp, hsn, docs'],
      ['from=2026-11-01&to=2026-11-30&format=csv', 'table: is required for CSV (one table per file)'],
      ['from=2026-11-01&to=2026-11-30&format=xml', 'format: must be json or csv'],
      ['to=2026-11-30', 'from: must be a date as YYYY-MM-DD'],
    ];
    for (const [query, message] of cases) {
      const res = await gstr1(query);
      expect({ query, status: res.status, code: res.body.code, message: res.body.message }).toEqual({ query, status: 400, code: 'VALIDATION', message });
    }
    // A quarter is a return's period.
    expect((await gstr1('from=2026-07-01&to=2026-09-30')).body).toMatchObject({ fp: '092026' });
    // A Hindi-speaking admin reads the problem in Hindi.
    const hindi = await gstr1('from=2026-01-01&to=2026-06-30').set('Accept-Language', 'hi-IN');
    expect(hindi.body.message).toBe('to: from के 92 दिनों के भीतर होनी चाहिए (एक रिटर्न एक महीने या एक तिमाही का होता है)');
  });

  it('puts each invoice of the month in its table: B2B by buyer, B2CL invoice by invoice, the rest summed in B2CS less their credit notes', async () => {
    const res = await gstr1(`${PERIOD}&format=json`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(`GSTR1-${FP}-${FROM}-${LAST_DAY}.json`);
    const g = res.body;
    // The fields the offline tool writes, in its order: the period, the tool's version and its placeholder hash, then the tables.
    expect(Object.keys(g)).toEqual(['gstin', 'fp', 'version', 'hash', 'b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'nil', 'hsn', 'doc_issue']);
    expect(g).toMatchObject({ gstin: '29AAHCH4527K1Z7', fp: FP, version: 'GST3.1.6', hash: 'hash' });
    const inter = (rt: number, txval: number, iamt: number) => ({ rt, txval, iamt, csamt: 0 });
    const intra = (rt: number, txval: number, half: number) => ({ rt, txval, camt: half, samt: half, csamt: 0 });
    // An invoice's value is all of it, its 0 % books too (₹250 each); its items are its taxed rates only.
    expect(g.b2b).toEqual([
      {
        ctin: MAHARASHTRA_BUYER,
        inv: [
          {
            inum: inv[3],
            idt: portalDay('08'),
            val: 3480,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              { num: 1, itm_det: inter(5, 1000, 50) },
              { num: 2, itm_det: inter(18, 1000, 180) },
            ],
          },
        ],
      },
      {
        ctin: KARNATAKA_BUYER,
        inv: [{ inum: inv[4], idt: portalDay('12'), val: 2850, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: intra(5, 2000, 50) }] }],
      },
    ]);
    // Only this month's: the Kochi laptops (2 × 1,00,000 + 18 % IGST). The laptop to Mumbai was invoiced the month before.
    expect(g.b2cl).toEqual([
      { pos: '32', inv: [{ inum: inv[5], idt: portalDay('14'), val: 236_000, itms: [{ num: 1, itm_det: inter(18, 200_000, 36_000) }] }] },
    ]);
    // No row at 0 %: the books are in the nil table.
    expect(g.b2cs).toEqual([
      // Two earbuds to Mumbai (2,000 + 360 IGST) less one returned on the last day at 23:30 (1,000 + 180).
      { sply_ty: 'INTER', pos: '27', typ: 'OE', ...inter(18, 1000, 180) },
      // One earbud at home, and one sold by card and cancelled (its invoice and its credit note cancel out).
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', ...intra(18, 1000, 90) },
    ]);
  });

  it('puts the 0 % books in the nil table as exempted (Notification 10/2025), by registered or not and across states or within, less those credited', async () => {
    const g = (await gstr1(PERIOD)).body;
    const nil = (sply_ty: string, expt_amt: number) => ({ sply_ty, nil_amt: 0, expt_amt, ngsup_amt: 0 });
    expect(g.nil).toEqual({
      inv: [
        // The traders' 5 books to Maharashtra (1,250) less the one they returned (250).
        nil('INTRB2B', 1000),
        // The cafe's 3 books in Karnataka.
        nil('INTRAB2B', 750),
        // A book to Mumbai (the earbud returned with it on the last day takes no book back).
        nil('INTRB2C', 250),
        // 2 books at home.
        nil('INTRAB2C', 500),
      ],
    });
  });

  it('puts credit notes to registered buyers in CDNR and those of B2CL invoices in CDNUR, even of an invoice of an earlier month', async () => {
    const g = (await gstr1(PERIOD)).body;
    const laptop = { num: 1, itm_det: { rt: 18, txval: 100_000, iamt: 18_000, csamt: 0 } };
    expect(g.cdnr).toEqual([
      {
        ctin: MAHARASHTRA_BUYER,
        nt: [
          {
            ntty: 'C',
            nt_num: notes[1],
            nt_dt: portalDay('20'),
            pos: '27',
            val: 1430,
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 1000, iamt: 180, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.cdnur).toEqual([{ typ: 'B2CL', ntty: 'C', nt_num: notes[2], nt_dt: portalDay('22'), pos: '27', val: 118_000, itms: [laptop] }]);
    // The month before has that laptop's invoice in its B2CL, and no credit note.
    const before = (await gstr1(`from=${MONTH_BEFORE}-01&to=${lastDayOf(MONTH_BEFORE)}`)).body;
    expect(before.b2cl).toEqual([{ pos: '27', inv: [{ inum: inv[0], idt: expect.stringMatching(/^\d\d-/), val: 118_000, itms: [laptop] }] }]);
    expect(before.cdnur).toEqual([]);
  });

  it('sums the HSN summary per code and rate, B2B and B2C apart, in units less those credited', async () => {
    const { hsn } = (await gstr1(PERIOD)).body;
    const row = (hsn_sc: string, desc: string, qty: number, rt: number, txval: number, iamt: number, camt: number, samt: number) => ({
      hsn_sc,
      desc,
      uqc: 'NOS',
      qty,
      rt,
      txval,
      iamt,
      camt,
      samt,
      csamt: 0,
    });
    // B2B: books 5 (Mumbai) + 3 (Bengaluru) less 1 returned, at 0 %; shirts 1 (Mumbai, IGST 50) + 2 (Bengaluru,
    // 50 + 50); the traders' earbud returned, so its row nets to nothing.
    expect(hsn.hsn_b2b).toEqual([
      { num: 1, ...row('4901', 'Godan', 7, 0, 1750, 0, 0, 0) },
      { num: 2, ...row('6205', 'Cotton Shirt', 3, 5, 3000, 50, 50, 50) },
    ]);
    // B2C: books 2 (home) + 1 (Mumbai); earbuds 1 (home) + 2 (Mumbai) + 1 (card) sold, 1 cancelled and 1 returned;
    // laptops 2 sold to Kochi less the one of the month before returned; the shirt at home is the next month's.
    expect(hsn.hsn_b2c).toEqual([
      { num: 1, ...row('4901', 'Godan', 3, 0, 750, 0, 0, 0) },
      { num: 2, ...row('8471', 'ThinkPad E14', 1, 18, 100_000, 18_000, 0, 0) },
      { num: 3, ...row('8518', 'Boult Earbuds', 2, 18, 2000, 180, 90, 90) },
    ]);
  });

  it('summarises the documents: each series from its first to its last number of the month, none cancelled', async () => {
    const { doc_issue } = (await gstr1(PERIOD)).body;
    expect(inv).toHaveLength(8);
    expect(notes).toHaveLength(4);
    const serial = (n: string) => Number(n.split('/').at(-1));
    expect(inv.slice(1, 7).map(serial)).toEqual([1, 2, 3, 4, 5, 6].map((k) => serial(inv[1]!) + k - 1));
    expect(doc_issue).toEqual({
      doc_det: [
        { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: inv[1], to: inv[6], totnum: 6, cancel: 0, net_issue: 6 }] },
        { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: notes[0], to: notes[3], totnum: 4, cancel: 0, net_issue: 4 }] },
      ],
    });
    // The next month starts with the shirt delivered at 00:30 on its first day.
    const next = (await gstr1(`from=${NEXT_DAY}&to=${lastDayOf(NEXT_DAY.slice(0, 7))}`)).body;
    expect(next.doc_issue.doc_det).toEqual([
      { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: inv[7], to: inv[7], totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
  });

  it('gives each table as CSV with the offline tool’s template columns and dates, one row per rate of each document', async () => {
    const csv = async (query: string, file: string) => {
      const res = await gstr1(`${PERIOD}&format=csv&${query}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toContain(`GSTR1-${FP}-${FROM}-${LAST_DAY}-${file}.csv`);
      const [header, ...rows] = res.text.trim().split('\n');
      return { header: header!.split(','), rows };
    };
    const table = async (name: keyof typeof TEMPLATE_HEADERS, query = `table=${name}`, file: string = name) => {
      const { header, rows } = await csv(query, file);
      // The header row is the template's, column for column.
      expect(header).toEqual(TEMPLATE_HEADERS[name].split('|'));
      return rows;
    };
    // The template's dates: DD-MMM-YYYY.
    const d = (day: string) => sheetDay(day);
    expect(await table('b2b')).toEqual([
      `${MAHARASHTRA_BUYER},Mumbai Traders LLP,${inv[3]},${d('08')},3480.00,27-Maharashtra,N,,Regular B2B,,5,1000.00,0.00`,
      `${MAHARASHTRA_BUYER},Mumbai Traders LLP,${inv[3]},${d('08')},3480.00,27-Maharashtra,N,,Regular B2B,,18,1000.00,0.00`,
      `${KARNATAKA_BUYER},Bengaluru Cafe Pvt Ltd,${inv[4]},${d('12')},2850.00,29-Karnataka,N,,Regular B2B,,5,2000.00,0.00`,
    ]);
    expect(await table('b2cl')).toEqual([`${inv[5]},${d('14')},236000.00,32-Kerala,,18,200000.00,0.00,`]);
    expect(await table('b2cs')).toEqual(['OE,27-Maharashtra,,18,1000.00,0.00,', 'OE,29-Karnataka,,18,1000.00,0.00,']);
    expect(await table('cdnr')).toEqual([
      `${MAHARASHTRA_BUYER},Mumbai Traders LLP,${notes[1]},${d('20')},C,27-Maharashtra,N,Regular B2B,1430.00,,18,1000.00,0.00`,
    ]);
    expect(await table('cdnur')).toEqual([`B2CL,${notes[2]},${d('22')},C,27-Maharashtra,118000.00,,18,100000.00,0.00`]);
    // Books are exempted (not nil-rated) goods.
    expect(await table('exemp')).toEqual([
      'Inter-State supplies to registered persons,0.00,1000.00,0.00',
      'Intra-State supplies to registered persons,0.00,750.00,0.00',
      'Inter-State supplies to unregistered persons,0.00,250.00,0.00',
      'Intra-State supplies to unregistered persons,0.00,500.00,0.00',
    ]);
    expect(await table('hsn', 'table=hsn&part=b2b', 'hsn_b2b')).toEqual([
      '4901,Godan,NOS-NUMBERS,7,1750.00,0,1750.00,0.00,0.00,0.00,0.00',
      '6205,Cotton Shirt,NOS-NUMBERS,3,3150.00,5,3000.00,50.00,50.00,50.00,0.00',
    ]);
    const b2c = [
      '4901,Godan,NOS-NUMBERS,3,750.00,0,750.00,0.00,0.00,0.00,0.00',
      '8471,ThinkPad E14,NOS-NUMBERS,1,118000.00,18,100000.00,18000.00,0.00,0.00,0.00',
      '8518,Boult Earbuds,NOS-NUMBERS,2,2360.00,18,2000.00,180.00,90.00,90.00,0.00',
    ];
    expect(await table('hsn', 'table=hsn&part=b2c', 'hsn_b2c')).toEqual(b2c);
    expect(await table('hsn', 'table=hsn', 'hsn_b2c')).toEqual(b2c);
    expect(await table('docs')).toEqual([`Invoices for outward supply,${inv[1]},${inv[6]},6,0`, `Credit Note,${notes[0]},${notes[3]},4,0`]);
    // A month without documents has every table empty.
    const quiet = (await gstr1(`from=${MONTH_AFTER_NEXT}-01&to=${lastDayOf(MONTH_AFTER_NEXT)}`)).body;
    expect(quiet).toMatchObject({
      b2b: [],
      b2cl: [],
      b2cs: [],
      cdnr: [],
      cdnur: [],
      nil: { inv: [] },
      hsn: { hsn_b2b: [], hsn_b2c: [] },
      doc_issue: { doc_det: [] },
    });
  });

  it('gives the month-end screen each table’s totals beside the documents it is made from', async () => {
    expect((await api(t).get(`/api/admin/gst/gstr1/overview?${PERIOD}`)).status).toBe(401);
    const res = await api(t).get(`/api/admin/gst/gstr1/overview?${PERIOD}`).set(bearer(admin));
    expect(res.status).toBe(200);
    const { fp, tables } = res.body.data;
    expect(fp).toBe(FP);
    const seen = tables.map(
      (x: { table: string; rows: number; txval: number; iamt: number; camt: number; samt: number; documents: Array<{ number: string }> }) => [
        x.table,
        x.rows,
        x.txval,
        x.iamt,
        x.camt,
        x.samt,
        x.documents.map((d) => d.number).sort(),
      ],
    );
    const sorted = (list: Array<string | undefined>) => [...list].sort();
    expect(seen).toEqual([
      ['b2b', 2, 4000, 230, 50, 50, sorted([inv[3], inv[4]])],
      ['b2cl', 1, 200_000, 36_000, 0, 0, [inv[5]]],
      ['b2cs', 2, 2000, 180, 90, 90, sorted([inv[1], inv[2], inv[6], notes[0], notes[3]])],
      ['cdnr', 1, 1000, 180, 0, 0, [notes[1]]],
      ['cdnur', 1, 100_000, 18_000, 0, 0, [notes[2]]],
      ['nil', 4, 2500, 0, 0, 0, sorted([inv[1], inv[2], inv[3], inv[4], notes[1]])],
      ['hsn', 5, 107_500, 18_230, 140, 140, sorted([...inv.slice(1, 7), ...notes])],
      ['doc_issue', 2, 0, 0, 0, 0, sorted([...inv.slice(1, 7), ...notes])],
    ]);
    const b2b = tables[0].documents.find((d: { number: string }) => d.number === inv[3]);
    expect(b2b).toEqual({
      kind: 'invoice',
      number: inv[3],
      date: expect.stringContaining(`${MONTH}-08`),
      orderId: m.tradersOrderId,
      buyer: 'Mumbai Traders LLP',
      gstin: MAHARASHTRA_BUYER,
      state: 'Maharashtra',
      total: 3480,
      taxable: 3250,
      tax: 230,
    });
  });
});
