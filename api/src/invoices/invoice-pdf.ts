import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from '@haat/shared/invoices/invoice-document';
import { amountInWords } from '@haat/shared/invoices/amount-in-words';

/**
 * Noto Sans Devanagari as Google Fonts ships it (Latin, Devanagari and ₹ in one face; OFL, from the
 * @expo-google-fonts package, whose TTFs pdfkit embeds as a subset of the glyphs used): names and addresses
 * typed in Hindi, Marathi or Nepali print as typed, and amounts carry ₹ (docs/decisions/0200-tax-invoices.md).
 */
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans-devanagari/${name}`);
const REGULAR = fontFile('400Regular/NotoSansDevanagari_400Regular.ttf');
const BOLD = fontFile('700Bold/NotoSansDevanagari_700Bold.ttf');

/**
 * A tax invoice or credit note as a PDF (pdfkit, A4). The document is printed as it was issued. Drawn on a
 * worker thread, once per document (invoice-pdfs.ts keeps it): a 50-line invoice is a few hundred
 * milliseconds of CPU that would otherwise hold every other request.
 */
export function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${title(doc)} ${doc.number}`, Author: doc.seller.name } });
  pdf.registerFont(FONT.regular, REGULAR);
  pdf.registerFont(FONT.bold, BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  draw(pdf, doc);
  pdf.end();
  return done;
}

const FONT = { regular: 'Noto', bold: 'Noto-Bold' } as const;

/** Letters a shaper may reorder or join (beyond Latin, its accents and punctuation): Devanagari's vowel signs and conjuncts. */
const SHAPED = /[^\u0020-\u024F\u2000-\u206F\u20A0-\u20CF\s]/u;

/**
 * Writes `text` as pdfkit's text() does. Shaped text (a vowel sign drawn before its consonant, a conjunct
 * drawn as one glyph) also carries its characters as typed (a marked span's ActualText), so copying and
 * text extraction read "प्रिया", not the glyphs in drawing order.
 */
function say(pdf: PDFKit.PDFDocument, text: string, ...rest: [number?, number?, PDFKit.Mixins.TextOptions?] | [PDFKit.Mixins.TextOptions]): PDFKit.PDFDocument {
  const shaped = SHAPED.test(text);
  if (shaped) pdf.markContent('Span', { actual: text });
  pdf.text(text, ...(rest as [number, number, PDFKit.Mixins.TextOptions]));
  if (shaped) pdf.endMarkedContent();
  return pdf;
}

const title = (doc: InvoiceDocument) => (doc.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note');
const money = (n: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;
const plain = (n: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const date = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

/** The table's columns: header, width (points) and alignment; the widths fill A4 less its margins (515 pt). */
const COLUMNS = [
  { head: '#', width: 18, align: 'left' },
  { head: 'Description', width: 147, align: 'left' },
  { head: 'HSN', width: 44, align: 'left' },
  { head: 'Qty', width: 26, align: 'right' },
  { head: 'GST %', width: 34, align: 'right' },
  { head: 'Taxable', width: 58, align: 'right' },
  { head: 'CGST', width: 46, align: 'right' },
  { head: 'SGST', width: 46, align: 'right' },
  { head: 'IGST', width: 46, align: 'right' },
  { head: 'Total', width: 50, align: 'right' },
] as const;

function draw(pdf: PDFKit.PDFDocument, doc: InvoiceDocument): void {
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;

  pdf.font(FONT.bold).fontSize(16).text(title(doc), left, 40, { width, align: 'center' });
  pdf.moveDown(0.6);
  const top = pdf.y;
  say(pdf.font(FONT.bold).fontSize(11), doc.seller.name, left, top, { width: width / 2 - 10 });
  say(pdf.font(FONT.regular).fontSize(9), doc.seller.address, { width: width / 2 - 10 });
  say(pdf, `State: ${doc.seller.state}`);
  if (doc.seller.gstin) pdf.text(`GSTIN: ${doc.seller.gstin}`);
  const sellerBottom = pdf.y;

  const right = left + width / 2 + 10;
  pdf.font(FONT.regular).fontSize(9);
  const facts = [
    [doc.kind === 'invoice' ? 'Invoice No.' : 'Credit Note No.', doc.number],
    ['Date', date(doc.date)],
    ['Order', doc.orderId],
    ...(doc.invoiceNumber ? [['Against Invoice', doc.invoiceNumber]] : []),
    ['Place of Supply', doc.placeOfSupply],
  ];
  let y = top;
  for (const [label, value] of facts) {
    pdf.font(FONT.bold).text(`${label}:`, right, y, { width: 90 });
    say(pdf.font(FONT.regular), value ?? '', right + 92, y, { width: width / 2 - 102 });
    y = pdf.y + 2;
  }

  pdf.y = Math.max(sellerBottom, y) + 12;
  pdf
    .font(FONT.bold)
    .fontSize(9)
    .text(doc.kind === 'invoice' ? 'Billed and shipped to' : 'Credited to', left);
  say(pdf.font(FONT.regular), doc.buyer.name);
  say(pdf, doc.buyer.address, { width });
  say(pdf, `State: ${doc.buyer.state}`);
  pdf.moveDown(0.8);

  row(
    pdf,
    COLUMNS.map((c) => c.head),
    true,
  );
  doc.lines.forEach((line, i) =>
    row(pdf, [
      String(i + 1),
      line.name,
      line.hsn || '-',
      String(line.quantity),
      String(line.rate),
      plain(line.taxable),
      plain(line.cgst),
      plain(line.sgst),
      plain(line.igst),
      plain(line.total),
    ]),
  );
  const t = doc.totals;
  row(pdf, ['', 'Total', '', '', '', plain(t.taxable), plain(t.cgst), plain(t.sgst), plain(t.igst), plain(t.total)], true);

  pdf.moveDown(0.8);
  if (doc.coupon) {
    pdf
      .font(FONT.regular)
      .fontSize(9)
      .text(`Coupon ${doc.coupon.code}: ${money(doc.coupon.discount)} off, included in the line totals above.`, left, pdf.y, { width, align: 'right' });
    pdf.moveDown(0.4);
  }
  pdf
    .font(FONT.bold)
    .fontSize(10)
    .text(`${doc.kind === 'invoice' ? 'Amount' : 'Amount credited'}: ${money(t.total)}`, left, pdf.y, { width, align: 'right' });
  pdf
    .font(FONT.regular)
    .fontSize(9)
    .text(`In words: ${amountInWords(t.total)}`, { width, align: 'right' });
  pdf.moveDown(0.4);
  pdf.text(`Prices include GST. Tax ${t.igst > 0 ? `IGST ${money(t.igst)}` : `CGST ${money(t.cgst)} + SGST ${money(t.sgst)}`}.`, { width, align: 'right' });
  pdf.moveDown(2);
  pdf.fontSize(8).fillColor('#555555').text('This is a computer-generated document and needs no signature.', left, pdf.y, { width, align: 'center' });
}

/** One table row; a row that would cross the page's end starts a new page. */
function row(pdf: PDFKit.PDFDocument, cells: readonly string[], bold = false): void {
  pdf.font(bold ? FONT.bold : FONT.regular).fontSize(8);
  const height = Math.max(...cells.map((cell, i) => pdf.heightOfString(cell, { width: COLUMNS[i]!.width - 4 }))) + 6;
  if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  const y = pdf.y;
  let x = pdf.page.margins.left;
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!;
    say(pdf, cell, x + 2, y + 3, { width: column.width - 4, align: column.align });
    x += column.width;
  });
  pdf
    .moveTo(pdf.page.margins.left, y + height)
    .lineTo(x, y + height)
    .lineWidth(bold ? 0.8 : 0.3)
    .strokeColor('#888888')
    .stroke();
  pdf.x = pdf.page.margins.left;
  pdf.y = y + height;
}
