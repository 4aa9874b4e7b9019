/** Haat's support desk, shown in the footer, on /contact and in the policies; the contact form mails it. */
export const SUPPORT_CONTACT = {
  phone: '+91 1800 123 4567',
  /**
   * WhatsApp needs a mobile number: a toll-free 1800 line cannot have a WhatsApp account, so chat
   * has its own number, and the link carries exactly the digits shown.
   */
  whatsappNumber: '+91 98450 12345',
  whatsapp: 'https://wa.me/919845012345',
  email: 'support@haat.in',
  hours: '24/7, every day of the year',
  address: 'Haat Retail Pvt. Ltd., 14 MG Road, Bengaluru, Karnataka 560001',
} as const;
