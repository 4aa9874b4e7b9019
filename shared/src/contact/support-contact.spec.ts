import { describe, expect, it } from 'vitest';
import { SUPPORT_CONTACT } from './support-contact.js';

const digits = (s: string) => s.replace(/\D/g, '');

describe('the support contact', () => {
  it('offers WhatsApp on a mobile number, not the toll-free line, and links the number it shows', () => {
    expect(digits(SUPPORT_CONTACT.whatsappNumber)).not.toMatch(/^911800/);
    expect(digits(SUPPORT_CONTACT.whatsapp)).not.toMatch(/^911800/);
    expect(SUPPORT_CONTACT.whatsapp).toBe(`https://wa.me/${digits(SUPPORT_CONTACT.whatsappNumber)}`);
  });
});
