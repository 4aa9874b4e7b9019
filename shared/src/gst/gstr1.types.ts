/**
 * GSTR-1 as the GST portal's offline tool takes it as JSON (docs/product.md#gst-return): the portal's own
 * field names; amounts in rupees to two decimals, each the sum of the shop's documents' paise; dates as
 * DD-MM-YYYY; a place of supply as the state's two-digit code.
 */
export interface ItemDetail {
  rt: number;
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
}

export interface Item {
  num: number;
  itm_det: ItemDetail;
}

export interface B2bInvoice {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: Item[];
}

export interface B2clInvoice {
  inum: string;
  idt: string;
  val: number;
  itms: Item[];
}

export interface B2csRow {
  sply_ty: 'INTRA' | 'INTER';
  pos: string;
  typ: 'OE';
  rt: number;
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
}

export interface CreditNote {
  ntty: 'C';
  nt_num: string;
  nt_dt: string;
  pos: string;
  val: number;
  itms: Item[];
}

/** Nil-rated, exempted and non-GST supplies by whether the buyer is registered and the sale crosses a state (table 8). */
export type NilSupplyType = 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C';

export interface NilRow {
  sply_ty: NilSupplyType;
  nil_amt: number;
  expt_amt: number;
  ngsup_amt: number;
}

export interface HsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

export interface DocSeries {
  num: number;
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  net_issue: number;
}

export interface Gstr1 {
  gstin: string;
  /** The return's period as MMYYYY: its month, or a quarter's last month. */
  fp: string;
  /** The offline tool's version and its placeholder hash, which the tool writes into every JSON it makes (GSTR1_JSON_VERSION). */
  version: string;
  hash: 'hash';
  b2b: Array<{ ctin: string; inv: B2bInvoice[] }>;
  b2cl: Array<{ pos: string; inv: B2clInvoice[] }>;
  b2cs: B2csRow[];
  cdnr: Array<{ ctin: string; nt: Array<CreditNote & { rchrg: 'N'; inv_typ: 'R' }> }>;
  cdnur: Array<CreditNote & { typ: 'B2CL' }>;
  /** The 0 % lines of every document, as nil-rated supplies (docs/decisions/0305-gstr-1-from-the-shops-documents.md). */
  nil: { inv: NilRow[] };
  hsn: { hsn_b2b: HsnRow[]; hsn_b2c: HsnRow[] };
  doc_issue: { doc_det: Array<{ doc_num: number; doc_typ: string; docs: DocSeries[] }> };
}
