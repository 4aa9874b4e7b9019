import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TaxDocumentRef } from '@haat/shared/orders/order.types';
import type { InvoiceDocument, InvoiceKind, InvoiceLine, InvoiceParty } from '@haat/shared/invoices/invoice-document';
import { sameState } from '@haat/shared/addresses/same-state';
import { documentNumber, financialYear, spreadDiscount, taxLines } from '@haat/shared/invoices/invoice-lines';
import { newId } from '../common/ids.js';
import type { Db } from '../db/database.js';
import { taxCodesOf, type TaxCodes } from '../catalog/index.js';
import { indiaDay, rateOn } from '@haat/shared/gst/gst-rates';
import { invoiceSeries, invoices, type InvoiceRow } from './invoices.table.js';

/** The shop as the seller on its tax documents (SHOP_LEGAL_NAME, SHOP_GSTIN, SHOP_ADDRESS, SHOP_STATE). */
export interface Seller {
  legalName: string;
  gstin: string;
  address: string;
  state: string;
}

/** What an invoice is made from: the order as placed, handed in by the order lifecycle that issues it. */
export interface InvoicedOrder {
  orderId: string;
  userId: string;
  /** `gstin`: a business buyer's, from its delivery address; its invoice is then B2B in the GST return. */
  buyer: { name: string; address: string; state: string; gstin?: string | null };
  lines: ReadonlyArray<{ productId: string | null; name: string; variantName: string | null; quantity: number; subTotalAmt: number; position: number }>;
  /** A coupon's discount on the whole order: spread over the lines, so tax is on what was paid. */
  discountAmt: number;
  /** The coupon's code, printed beside its discount. */
  couponCode?: string | null;
}

/** The rate (and no HSN code) of goods whose product carries none, or was deleted: the standard slab. */
export const DEFAULT_GST_RATE = 18;
/** A transaction the lifecycle holds (or the database). */
type Writer = Pick<Db, 'select' | 'insert'>;

/** Each series' prefix: short enough that a number stays within the portal's 16 characters (documentNumber). */
const PREFIX: Record<InvoiceKind, string> = { invoice: 'HT', credit_note: 'CN' };

/**
 * Takes the next number of a series, in the caller's transaction: the series row stays locked until it
 * commits, and a rollback gives the number back, so the series has no gaps.
 */
async function nextNumber(tx: Writer, kind: InvoiceKind, at: Date): Promise<string> {
  const year = financialYear(at);
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ kind, financialYear: year, last: 1 })
    .onConflictDoUpdate({ target: [invoiceSeries.kind, invoiceSeries.financialYear], set: { last: sql`${invoiceSeries.last} + 1` } })
    .returning({ last: invoiceSeries.last });
  return documentNumber(PREFIX[kind], year, row!.last);
}

/**
 * The invoice of `order` numbered `number` on `at`: each line's HSN code is its product's (`codes`) at issue, and its rate
 * the product's on the invoice's own day (the one it replaced, for a day before the change: docs/decisions/0200-tax-invoices.md).
 */
function invoiceDocument(seller: Seller, order: InvoicedOrder, codes: Map<string, TaxCodes>, number: string, at: Date): InvoiceDocument {
  const afterDiscount = spreadDiscount(
    order.lines.map((l) => l.subTotalAmt),
    order.discountAmt,
  );
  const day = indiaDay(at);
  const paid = order.lines.map((l, i) => {
    const code = l.productId ? codes.get(l.productId) : undefined;
    return {
      name: l.variantName ? `${l.name} (${l.variantName})` : l.name,
      hsn: code?.hsn ?? '',
      rate: code ? rateOn(code, day) : DEFAULT_GST_RATE,
      quantity: l.quantity,
      total: afterDiscount[i]!,
      position: l.position,
    };
  });
  const buyer: InvoiceParty = {
    name: order.buyer.name,
    address: order.buyer.address,
    state: order.buyer.state,
    ...(order.buyer.gstin ? { gstin: order.buyer.gstin } : {}),
  };
  return {
    kind: 'invoice',
    number,
    date: at.toISOString(),
    orderId: order.orderId,
    seller: { name: seller.legalName, address: seller.address, state: seller.state, gstin: seller.gstin },
    buyer,
    placeOfSupply: order.buyer.state,
    ...taxLines(paid, sameState(seller.state, order.buyer.state)),
    ...(order.couponCode && order.discountAmt > 0 ? { coupon: { code: order.couponCode, discount: order.discountAmt } } : {}),
  };
}

const productIdsOf = (orders: readonly InvoicedOrder[]) => orders.flatMap((o) => o.lines.flatMap((l) => (l.productId ? [l.productId] : [])));

/**
 * Issues the order's tax invoice, once (docs/decisions/0200-tax-invoices.md), in the caller's
 * transaction, which holds the order's row lock: a second call for the same order finds the first and
 * takes no number. Each line's HSN code and rate are its product's at the moment of issue.
 */
export async function issueInvoice(tx: Writer, seller: Seller, order: InvoicedOrder, at: Date): Promise<InvoiceRow | undefined> {
  if (await invoiceOf(tx, order.orderId)) return undefined;
  const codes = await taxCodesOf(tx, productIdsOf([order]));
  const number = await nextNumber(tx, 'invoice', at);
  const [row] = await tx
    .insert(invoices)
    .values({
      id: newId(),
      number,
      kind: 'invoice',
      orderId: order.orderId,
      userId: order.userId,
      issuedAt: at,
      document: invoiceDocument(seller, order, codes, number, at),
    })
    .returning();
  return row;
}

/**
 * The invoices of many orders completed in the past (the demo seed's delivered orders), in the caller's transaction,
 * numbered in the order of their dates within each financial year's series, as issueInvoice would have numbered them
 * one by one. For orders no one else can be invoicing meanwhile: it does not look for an invoice already issued.
 */
export async function issueInvoices(tx: Writer, seller: Seller, orders: ReadonlyArray<InvoicedOrder & { at: Date }>): Promise<number> {
  const codes = await taxCodesOf(tx, [...new Set(productIdsOf(orders))]);
  const byYear = new Map<string, Array<InvoicedOrder & { at: Date }>>();
  for (const order of [...orders].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const year = financialYear(order.at);
    byYear.set(year, [...(byYear.get(year) ?? []), order]);
  }
  const rows: Array<typeof invoices.$inferInsert> = [];
  for (const [year, issued] of byYear) {
    // One step of the series for the whole year: its last number, then the numbers before it.
    const [series] = await tx
      .insert(invoiceSeries)
      .values({ kind: 'invoice', financialYear: year, last: issued.length })
      .onConflictDoUpdate({ target: [invoiceSeries.kind, invoiceSeries.financialYear], set: { last: sql`${invoiceSeries.last} + ${issued.length}` } })
      .returning({ last: invoiceSeries.last });
    const first = series!.last - issued.length + 1;
    issued.forEach((order, i) => {
      const number = documentNumber(PREFIX.invoice, year, first + i);
      rows.push({
        id: newId(),
        number,
        kind: 'invoice',
        orderId: order.orderId,
        userId: order.userId,
        issuedAt: order.at,
        document: invoiceDocument(seller, order, codes, number, order.at),
      });
    });
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(invoices).values(rows.slice(i, i + 500));
  return rows.length;
}

/** The invoice's line for an order line's place: by the place it keeps, or (a document issued before lines kept it) by index. */
function lineAt(lines: readonly InvoiceLine[], position: number): InvoiceLine | undefined {
  return lines.some((l) => l.position !== undefined) ? lines.find((l) => l.position === position) : lines[position];
}

/**
 * A credit note reversing the whole invoice of an order that was cancelled after it was invoiced (a
 * paid card order), from the credit-note series. Nothing when the order has no invoice, or already
 * has this credit note.
 */
export async function issueCreditNote(
  tx: Writer,
  orderId: string,
  reason: string,
  at: Date,
  returned?: ReadonlyArray<{ position: number; quantity: number; total: number }>,
): Promise<InvoiceRow | undefined> {
  const invoice = await invoiceOf(tx, orderId);
  if (!invoice) return undefined;
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note'), eq(invoices.reason, reason)));
  if (existing) return undefined;
  const number = await nextNumber(tx, 'credit_note', at);
  // A return credits what was paid for the units sent back, at each line's own HSN code and rate.
  const credited = returned
    ? taxLines(
        returned.flatMap(({ position, quantity, total }) => {
          const line = lineAt(invoice.document.lines, position);
          return line ? [{ name: line.name, hsn: line.hsn, rate: line.rate, quantity, total }] : [];
        }),
        sameState(invoice.document.seller.state, invoice.document.placeOfSupply),
      )
    : { lines: invoice.document.lines, totals: invoice.document.totals };
  // A return's credit note credits what was paid for its units (after the coupon): it names no coupon of its own.
  const { coupon, ...invoiced } = invoice.document;
  const document: InvoiceDocument = {
    ...(returned ? invoiced : { ...invoiced, ...(coupon ? { coupon } : {}) }),
    ...credited,
    kind: 'credit_note',
    number,
    date: at.toISOString(),
    invoiceNumber: invoice.number,
  };
  const [row] = await tx
    .insert(invoices)
    .values({ id: newId(), number, kind: 'credit_note', orderId, userId: invoice.userId, invoiceId: invoice.id, reason, issuedAt: at, document })
    .returning();
  return row;
}

/** The order's tax invoice, if it has been issued. */
export async function invoiceOf(db: Pick<Db, 'select'>, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .limit(1);
  return row;
}

/** The tax documents of these orders, for the order answers: each order's invoice and credit notes. */
export async function documentsOf(
  db: Pick<Db, 'select'>,
  orderIds: readonly string[],
): Promise<Map<string, { invoice: TaxDocumentRef | null; creditNotes: TaxDocumentRef[] }>> {
  const found = new Map<string, { invoice: TaxDocumentRef | null; creditNotes: TaxDocumentRef[] }>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select({ orderId: invoices.orderId, kind: invoices.kind, number: invoices.number, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(inArray(invoices.orderId, [...orderIds]))
    .orderBy(invoices.issuedAt);
  for (const row of rows) {
    const entry = found.get(row.orderId) ?? { invoice: null, creditNotes: [] };
    const ref = { number: row.number, date: row.issuedAt.toISOString() };
    if (row.kind === 'invoice') entry.invoice = ref;
    else entry.creditNotes.push(ref);
    found.set(row.orderId, entry);
  }
  return found;
}

/** The order's credit notes, oldest first. */
export function creditNotesOf(db: Pick<Db, 'select'>, orderId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')))
    .orderBy(invoices.issuedAt);
}
