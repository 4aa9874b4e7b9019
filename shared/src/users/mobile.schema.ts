import { z } from 'zod';
import { RequiredText } from '../common/fields.js';
import { PlainText } from '../common/text-rule.js';
import { Otp } from './account.schema.js';
import { indianMobile } from './mobile-words.js';

/** What an Indian mobile number is refused with: the shopper reads it beside the field. */
export const NOT_INDIAN_MOBILE = 'must be a 10-digit Indian mobile number';

// The rule of what a number is lives without zod (mobile-words.ts), for screens that only show numbers.
export { indianMobile } from './mobile-words.js';

/** A number in E.164 (+91XXXXXXXXXX); forms may send it as a number. */
export const IndianMobile = z.preprocess(
  (v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : v),
  RequiredText(20).transform((typed, ctx) => {
    const mobile = indianMobile(typed);
    if (mobile) return mobile;
    ctx.addIssue({ code: 'custom', message: NOT_INDIAN_MOBILE });
    return z.NEVER;
  }),
);

/** Sign-in by code, and a signed-in shopper adding a number: the code is sent to this number. */
export const MobileBody = z.object({ mobile: IndianMobile });
export type MobileBody = z.infer<typeof MobileBody>;

/**
 * A signed-in shopper asking for a code to prove a number: an account with a password brings it, a Google-only account a
 * fresh Google credential, so a stolen session cannot make its own number a key (docs/decisions/0280-sign-in-by-mobile-number.md).
 * An account that signs in only by its number needs neither: the code to the number proves it.
 */
export const AddMobileBody = z.object({
  mobile: IndianMobile,
  currentPassword: z.string({ error: 'must be text' }).max(256, { error: 'is too long' }).optional(),
  credential: PlainText().trim().max(8192, { error: 'is too long' }).optional(),
});
export type AddMobileBody = z.infer<typeof AddMobileBody>;

export const MobileOtpBody = z.object({ mobile: IndianMobile, otp: Otp });
export type MobileOtpBody = z.infer<typeof MobileOtpBody>;

/** Order updates on WhatsApp at the verified mobile, asked for or stopped (docs/decisions/0282-order-updates-on-whatsapp.md). */
export const WhatsappBody = z.object({ on: z.boolean({ error: 'must be true or false' }) });
export type WhatsappBody = z.infer<typeof WhatsappBody>;

/** The name a shopper signed in by mobile gives on the screen after the code. */
export const NameBody = z.object({ name: RequiredText(100) });
export type NameBody = z.infer<typeof NameBody>;
