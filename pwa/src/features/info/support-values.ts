import { SUPPORT_CONTACT } from '@haat/shared/contact/support-contact';

/** The support desk's details as the info texts name them (`{{phone}}`, `[{{phone}}](tel:{{tel}})`, …); the hours in the current language. */
export function supportValues(hours: string) {
  return {
    phone: SUPPORT_CONTACT.phone,
    tel: SUPPORT_CONTACT.phone.replace(/\s/g, ''),
    email: SUPPORT_CONTACT.email,
    company: SUPPORT_CONTACT.address.split(',')[0],
    hours,
  };
}
