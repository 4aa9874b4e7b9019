/**
 * An Indian mobile number as a shopper types it ("98765 43210", "+91 98765-43210", "09876543210"),
 * or null: ten digits starting 6–9 (the numbering plan's mobile series) after an optional +91, 91 or 0.
 * The one place that says what a number is (mobile.schema.ts checks bodies with it); a number verified by its code is stored as this answers.
 */
export function indianMobile(typed: string): string | null {
  const digits = typed.replace(/[\s()-]/g, '');
  const m = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(digits);
  return m ? `+91${m[1]}` : null;
}

/**
 * An Indian mobile number as Indians write it (docs/product.md#screens): "+91 77824 48886", five and five after
 * the country code. What is not an Indian mobile number (a landline, a typo) is shown as it was given.
 */
export function spacedMobile(mobile: string): string {
  const e164 = indianMobile(mobile);
  return e164 ? `+91 ${e164.slice(3, 8)} ${e164.slice(8)}` : mobile;
}

/** Why what was typed is not an Indian mobile number, for the sign-in field to say, with the digits it counted. */
export interface MobileProblem {
  kind: 'digits' | 'series' | 'short' | 'long';
  /** The digits typed after any +91, 91 or 0 in front. */
  count: number;
}

/**
 * What is wrong with a typed number (docs/product.md#validation), by indianMobile's rule: only digits (spaces, dashes
 * and brackets aside); an Indian mobile number starts with 6, 7, 8 or 9 ("series"); it has ten digits after an
 * optional +91, 91 or 0.
 */
export function mobileProblem(typed: string): MobileProblem | null {
  if (indianMobile(typed)) return null;
  let digits = typed.replace(/[\s()-]/g, '').replace(/^\+91/, '');
  if (!/^\d+$/.test(digits)) return { kind: 'digits', count: digits.replace(/\D/g, '').length };
  // A leading 0 or 91 is the trunk or country prefix when a mobile number's first digit follows it.
  if (/^0[6-9]/.test(digits)) digits = digits.slice(1);
  else if (/^91[6-9]/.test(digits) && digits.length > 10) digits = digits.slice(2);
  const count = digits.length;
  if (/^[0-5]/.test(digits)) return { kind: 'series', count };
  return { kind: count < 10 ? 'short' : 'long', count };
}
