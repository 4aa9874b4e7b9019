/**
 * A GSTIN (GST identification number): two digits of the state code, the holder's PAN (five letters,
 * four digits, a letter), the entity's number, `Z`, and a check character. The check is GSTN's mod-36
 * sum over the first fourteen characters, weighted 1, 2, 1, 2…, so a mistyped GSTIN is caught before it
 * is printed on a tax invoice.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36] ?? '0';
}

/** Why `gstin` is not a valid GSTIN, or null when it is. */
export function gstinProblem(gstin: string): string | null {
  if (!SHAPE.test(gstin)) return 'must be 15 characters: state code, PAN, entity number, Z and a check character';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'has a wrong check character (mistyped?)';
  return null;
}
