import { z } from 'zod';
import { Id, RequiredText } from '../common/fields.js';
import { Mobile } from '../users/account.schema.js';
import { gstinProblem } from '../invoices/gstin.js';
import { PINCODE_PATTERN } from './pincode.js';

/** The pincode a delivery lookup takes (GET /api/address/pincode/:pincode). */
export const Pincode = z
  .string({ error: 'must be a 6-digit pincode' })
  .trim()
  .regex(PINCODE_PATTERN, { error: 'must be a 6-digit pincode (not starting with 0)' });

/** docs/product.md#validation: the nine fields are all required on add and on edit; formats are not prescribed. */
const Numberish = (max: number) => z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), RequiredText(max));

/**
 * A business buyer's GSTIN, optional (docs/product.md#gst-return): upper-cased, checked by its check character as the
 * shop's own is; empty means none.
 */
export const BuyerGstin = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : v),
  z
    .string({ error: 'must be a GSTIN' })
    .superRefine((v, ctx) => {
      const problem = gstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullish(),
);

export const AddressFields = z.object({
  name: RequiredText(100),
  building: RequiredText(200),
  address_line: RequiredText(300),
  district: RequiredText(100),
  city: RequiredText(100),
  state: RequiredText(100),
  country: RequiredText(100),
  pincode: Numberish(12),
  mobile: Mobile,
  gstin: BuyerGstin,
});
export type AddressFields = z.infer<typeof AddressFields>;

export const CreateAddressBody = AddressFields;
export type CreateAddressBody = AddressFields;

/** The body may carry userId (docs/product.md#api); it is ignored: the owner is whoever is signed in. */
export const UpdateAddressBody = AddressFields.extend({ _id: Id });
export type UpdateAddressBody = z.infer<typeof UpdateAddressBody>;

export const DisableAddressBody = z.object({ _id: Id });
export type DisableAddressBody = z.infer<typeof DisableAddressBody>;
