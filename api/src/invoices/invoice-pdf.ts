import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from '@haat/shared/invoices/invoice-document';
import { amountInWords } from '@haat/shared/invoices/amount-in-words';
import { Typesetter } from './typesetter.js';

/**
 * A tax invoice or credit note as a PDF (pdfkit, A4). The document is printed as it was issued, every name
 * and address in the script it was typed in (typesetter.ts). Drawn on a worker thread, once per document
 * (kept-pdfs.ts keeps it): a 50-line invoice is a few hundred milliseconds of CPU that would otherwise hold
 * every other request.
 */
export function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${title(doc)} ${doc.number}`, Author: doc.seller.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  draw(pdf, new Typesetter(pdf), doc);
  pdf.end();
  return done;
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

function draw(pdf: PDFKit.PDFDocument, t: Typesetter, doc: InvoiceDocument): void {
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  t.style('bold', 16).text(title(doc), { x: left, y: 40, width, align: 'center' });
  pdf.moveDown(0.6);
  parties(pdf, t, doc, left, width);
  row(
    pdf,
    t,
    COLUMNS.map((c) => c.head),
    true,
  );
  doc.lines.forEach((line, i) =>
    row(pdf, t, [
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
  const sum = doc.totals;
  row(pdf, t, ['', 'Total', '', '', '', plain(sum.taxable), plain(sum.cgst), plain(sum.sgst), plain(sum.igst), plain(sum.total)], true);
  pdf.moveDown(0.8);
  totals(pdf, t, doc, left, width);
}

/** The seller and the document's facts side by side, then the buyer. */
function parties(pdf: PDFKit.PDFDocument, t: Typesetter, doc: InvoiceDocument, left: number, width: number): void {
  const top = pdf.y;
  t.style('bold', 11).text(doc.seller.name, { x: left, y: top, width: width / 2 - 10 });
  t.style('regular', 9).text(doc.seller.address, { width: width / 2 - 10 });
  t.text(`State: ${doc.seller.state}`, { width: width / 2 - 10 });
  if (doc.seller.gstin) t.text(`GSTIN: ${doc.seller.gstin}`, { width: width / 2 - 10 });
  const sellerBottom = pdf.y;

  const right = left + width / 2 + 10;
  const facts = [
    [doc.kind === 'invoice' ? 'Invoice No.' : 'Credit Note No.', doc.number],
    ['Date', date(doc.date)],
    ['Order', doc.orderId],
    ...(doc.invoiceNumber ? [['Against Invoice', doc.invoiceNumber]] : []),
    ['Place of Supply', doc.placeOfSupply],
  ];
  let y = top;
  for (const [label, value] of facts) {
    t.style('bold', 9).text(`${label}:`, { x: right, y, width: 90 });
    t.style('regular').text(value ?? '', { x: right + 92, y, width: width / 2 - 102 });
    y = pdf.y + 2;
  }

  pdf.y = Math.max(sellerBottom, y) + 12;
  t.style('bold', 9).text(doc.kind === 'invoice' ? 'Billed and shipped to' : 'Credited to', { x: left, width });
  t.style('regular').text(doc.buyer.name, { width });
  t.text(doc.buyer.address, { width });
  t.text(`State: ${doc.buyer.state}`, { width });
  // A business buyer's GSTIN makes the invoice B2B: it claims the tax from it (docs/product.md#gst-return).
  if (doc.buyer.gstin) t.text(`GSTIN: ${doc.buyer.gstin}`, { width });
  pdf.moveDown(0.8);
}

/** The amount, in figures and words, and the tax in it. */
function totals(pdf: PDFKit.PDFDocument, t: Typesetter, doc: InvoiceDocument, left: number, width: number): void {
  const sum = doc.totals;
  if (doc.coupon) {
    t.style('regular', 9).text(`Coupon ${doc.coupon.code}: ${money(doc.coupon.discount)} off, included in the line totals above.`, {
      x: left,
      width,
      align: 'right',
    });
    pdf.moveDown(0.4);
  }
  t.style('bold', 10).text(`${doc.kind === 'invoice' ? 'Amount' : 'Amount credited'}: ${money(sum.total)}`, { x: left, width, align: 'right' });
  t.style('regular', 9).text(`In words: ${amountInWords(sum.total)}`, { width, align: 'right' });
  pdf.moveDown(0.4);
  t.text(`Prices include GST. Tax ${sum.igst > 0 ? `IGST ${money(sum.igst)}` : `CGST ${money(sum.cgst)} + SGST ${money(sum.sgst)}`}.`, {
    width,
    align: 'right',
  });
  pdf.moveDown(2);
  pdf.fillColor('#555555');
  t.style('regular', 8).text('This is a computer-generated document and needs no signature.', { x: left, width, align: 'center' });
}

/** One table row; a row that would cross the page's end starts a new page. */
function row(pdf: PDFKit.PDFDocument, t: Typesetter, cells: readonly string[], bold = false): void {
  t.style(bold ? 'bold' : 'regular', 8);
  const baseline = Math.max(...cells.map((cell, i) => t.baselineOf(cell, COLUMNS[i]!.width - 4)));
  const height = Math.max(...cells.map((cell, i) => t.heightOf(cell, COLUMNS[i]!.width - 4, baseline))) + 6;
  if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  const y = pdf.y;
  let x = pdf.page.margins.left;
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!;
    t.text(cell, { x: x + 2, y: y + 3, width: column.width - 4, align: column.align, baseline });
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
