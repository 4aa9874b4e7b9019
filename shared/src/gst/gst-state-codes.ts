import { sameState } from '../addresses/same-state.js';

/**
 * The GST state codes (the first two digits of a GSTIN, and a return's place of supply), by the names
 * India Post's directory and the shop's addresses use. Ladakh's pincodes are listed under Jammu & Kashmir
 * (same-state.ts), so its place of supply is 01 as the invoice names it.
 */
const CODES: ReadonlyArray<readonly [string, string]> = [
  ['01', 'Jammu and Kashmir'],
  ['02', 'Himachal Pradesh'],
  ['03', 'Punjab'],
  ['04', 'Chandigarh'],
  ['05', 'Uttarakhand'],
  ['06', 'Haryana'],
  ['07', 'Delhi'],
  ['08', 'Rajasthan'],
  ['09', 'Uttar Pradesh'],
  ['10', 'Bihar'],
  ['11', 'Sikkim'],
  ['12', 'Arunachal Pradesh'],
  ['13', 'Nagaland'],
  ['14', 'Manipur'],
  ['15', 'Mizoram'],
  ['16', 'Tripura'],
  ['17', 'Meghalaya'],
  ['18', 'Assam'],
  ['19', 'West Bengal'],
  ['20', 'Jharkhand'],
  ['21', 'Odisha'],
  ['22', 'Chhattisgarh'],
  ['23', 'Madhya Pradesh'],
  ['24', 'Gujarat'],
  ['26', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['27', 'Maharashtra'],
  ['29', 'Karnataka'],
  ['30', 'Goa'],
  ['31', 'Lakshadweep'],
  ['32', 'Kerala'],
  ['33', 'Tamil Nadu'],
  ['34', 'Puducherry'],
  ['35', 'Andaman and Nicobar Islands'],
  ['36', 'Telangana'],
  ['37', 'Andhra Pradesh'],
];

/** The GST code of a state as an invoice names it (`Karnataka` → `29`); `97` (Other Territory) for a name not in the list. */
export function gstStateCode(state: string): string {
  return CODES.find(([, name]) => sameState(name, state))?.[0] ?? '97';
}

/** The portal's spelling of a place of supply in its spreadsheets: `29-Karnataka`. */
export function placeOfSupplyLabel(code: string): string {
  return `${code}-${CODES.find(([c]) => c === code)?.[1] ?? 'Other Territory'}`;
}
