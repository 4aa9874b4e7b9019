/** Haat's support desk, shown in the footer, on /contact and in the policies; the contact form mails it. */
export const SUPPORT_CONTACT = {
  phone: '+91 1800 123 4567',
  /** WhatsApp answers on the same number the footer shows. */
  whatsapp: 'https://wa.me/9118001234567',
  email: 'support@haat.in',
  hours: '24/7, every day of the year',
  address: 'Haat Retail Pvt. Ltd., 14 MG Road, Bengaluru, Karnataka 560001',
} as const;
