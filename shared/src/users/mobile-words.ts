import { indianMobile } from './mobile.schema.js';

/**
 * An Indian mobile number as Indians write it (docs/product.md#screens): "+91 77824 48886", five and five after
 * the country code. What is not an Indian mobile number (a landline, a typo) is shown as it was given.
 */
export function spacedMobile(mobile: string): string {
  const e164 = indianMobile(mobile);
  return e164 ? `+91 ${e164.slice(3, 8)} ${e164.slice(8)}` : mobile;
}
