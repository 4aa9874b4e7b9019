import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from '@haat/shared/invoices/invoice-document';
import { amountInWords } from '@haat/shared/invoices/amount-in-words';

/**
 * A tax invoice or credit note as a PDF (pdfkit, A4). The document is printed as it was issued; the
 * standard PDF fonts carry no ₹ sign, so amounts read "Rs." (docs/decisions/0200-tax-invoices.md).
 */
export function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${title(doc)} ${doc.number}`, Author: doc.seller.name } });
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

const title = (doc: InvoiceDocument) => (doc.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note');
const money = (n: number) => `Rs. ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;
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

  pdf.font('Helvetica-Bold').fontSize(16).text(title(doc), left, 40, { width, align: 'center' });
  pdf.moveDown(0.6);
  const top = pdf.y;
  pdf
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(doc.seller.name, left, top, { width: width / 2 - 10 });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(doc.seller.address, { width: width / 2 - 10 });
  pdf.text(`State: ${doc.seller.state}`);
  if (doc.seller.gstin) pdf.text(`GSTIN: ${doc.seller.gstin}`);
  const sellerBottom = pdf.y;

  const right = left + width / 2 + 10;
  pdf.font('Helvetica').fontSize(9);
  const facts = [
    [doc.kind === 'invoice' ? 'Invoice No.' : 'Credit Note No.', doc.number],
    ['Date', date(doc.date)],
    ['Order', doc.orderId],
    ...(doc.invoiceNumber ? [['Against Invoice', doc.invoiceNumber]] : []),
    ['Place of Supply', doc.placeOfSupply],
  ];
  let y = top;
  for (const [label, value] of facts) {
    pdf.font('Helvetica-Bold').text(`${label}:`, right, y, { width: 90 });
    pdf.font('Helvetica').text(value ?? '', right + 92, y, { width: width / 2 - 102 });
    y = pdf.y + 2;
  }

  pdf.y = Math.max(sellerBottom, y) + 12;
  pdf
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(doc.kind === 'invoice' ? 'Billed and shipped to' : 'Credited to', left);
  pdf.font('Helvetica').text(doc.buyer.name).text(doc.buyer.address, { width }).text(`State: ${doc.buyer.state}`);
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
      .font('Helvetica')
      .fontSize(9)
      .text(`Coupon ${doc.coupon.code}: ${money(doc.coupon.discount)} off, included in the line totals above.`, left, pdf.y, { width, align: 'right' });
    pdf.moveDown(0.4);
  }
  pdf
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`${doc.kind === 'invoice' ? 'Amount' : 'Amount credited'}: ${money(t.total)}`, left, pdf.y, { width, align: 'right' });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(`In words: ${amountInWords(t.total)}`, { width, align: 'right' });
  pdf.moveDown(0.4);
  pdf.text(`Prices include GST. Tax ${t.igst > 0 ? `IGST ${money(t.igst)}` : `CGST ${money(t.cgst)} + SGST ${money(t.sgst)}`}.`, { width, align: 'right' });
  pdf.moveDown(2);
  pdf.fontSize(8).fillColor('#555555').text('This is a computer-generated document and needs no signature.', left, pdf.y, { width, align: 'center' });
}

/** One table row; a row that would cross the page's end starts a new page. */
function row(pdf: PDFKit.PDFDocument, cells: readonly string[], bold = false): void {
  pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
  const height = Math.max(...cells.map((cell, i) => pdf.heightOfString(cell, { width: COLUMNS[i]!.width - 4 }))) + 6;
  if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  const y = pdf.y;
  let x = pdf.page.margins.left;
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!;
    pdf.text(cell, x + 2, y + 3, { width: column.width - 4, align: column.align });
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
