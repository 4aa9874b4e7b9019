import { telLink } from '@haat/shared/contact/support-contact';
import { usePublicConfig } from '../../lib/http/public-config';

/**
 * The support desk's details as the info texts name them (`{{phone}}`, `[{{phone}}](tel:{{tel}})`, …), from the shop the
 * API's settings name (docs/decisions/0300-one-shop-identity.md); the hours in the current language.
 */
export function useSupportValues(hours: string) {
  const { shop } = usePublicConfig();
  return {
    phone: shop.phone,
    tel: telLink(shop.phone).slice('tel:'.length),
    email: shop.email,
    company: shop.legalName,
    city: shop.address.city,
    hours,
  };
}
