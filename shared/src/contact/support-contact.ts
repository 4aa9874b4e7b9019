import type { PostalParts } from '../addresses/address-lines.js';

/** The shop's postal address as its settings hold it (SHOP_ADDRESS, SHOP_CITY, SHOP_STATE, SHOP_PINCODE). */
export interface ShopAddress extends Pick<PostalParts, 'street' | 'city' | 'state' | 'pincode'> {
  street: string;
  city: string;
  state: string;
  pincode: string;
}

/**
 * Who the shop is: the seller on its tax invoices and the support desk of the footer, /contact, the FAQ and the
 * policies. The API's settings own it (api/src/config/config.ts) and GET /api/config/public hands it to the PWA,
 * so every place prints the same shop (docs/decisions/0300-one-shop-identity.md).
 */
export interface ShopIdentity {
  legalName: string;
  gstin: string;
  address: ShopAddress;
  phone: string;
  /**
   * WhatsApp needs a mobile number: a toll-free 1800 line cannot have a WhatsApp account, so chat
   * has its own number, and the link carries exactly the digits shown (whatsappLink).
   */
  whatsappNumber: string;
  email: string;
}

/** The demo shop: the defaults of the API's settings, and what the PWA shows before it has ever heard from the API. */
export const DEMO_SHOP: ShopIdentity = {
  legalName: 'Haat Retail Private Limited',
  gstin: '29AAHCH4527K1Z7',
  address: { street: '14 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
  phone: '+91 1800 123 4567',
  whatsappNumber: '+91 98450 12345',
  email: 'support@haat.in',
};

/** wa.me takes the number's digits only. */
export const whatsappLink = (number: string): string => `https://wa.me/${number.replace(/\D/g, '')}`;

/** A phone number as a tel: link. */
export const telLink = (phone: string): string => `tel:${phone.replace(/\s/g, '')}`;

/** Haat's support desk defaults, and its hours (the same in every shop). */
export const SUPPORT_CONTACT = {
  phone: DEMO_SHOP.phone,
  whatsappNumber: DEMO_SHOP.whatsappNumber,
  whatsapp: whatsappLink(DEMO_SHOP.whatsappNumber),
  email: DEMO_SHOP.email,
  hours: '24/7, every day of the year',
} as const;
