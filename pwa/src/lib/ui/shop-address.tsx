import { addressLines } from '@haat/shared/addresses/address-lines';
import type { ShopIdentity } from '@haat/shared/contact/support-contact';

/** The shop's name and postal address, one line each, through the shop's one address formatter (shared/addresses/address-lines). */
export function ShopAddress({ shop }: { shop: ShopIdentity }) {
  return (
    <address className="shop-address">
      {[shop.legalName, ...addressLines(shop.address)].map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}
