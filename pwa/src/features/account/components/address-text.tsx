import type { Address } from '@haat/shared/addresses/address.types';
import { addressLines } from '@haat/shared/addresses/address-lines';
import { spacedMobile } from '@haat/shared/users/mobile-words';

/** Every field of an address, compactly (docs/product.md#screens checkout and My Addresses). */
export function AddressText({ address: a }: { address: Address }) {
  // Through the shop's one address formatter, in the order a postman reads them: five lines, not nine.
  const [street = '', place = ''] = addressLines(
    { building: a.building, street: a.address_line, city: a.city, district: a.district, state: a.state, pincode: a.pincode },
    { withoutCountry: true },
  );
  return (
    <span className="address-card__text">
      <strong>{a.name}</strong>
      <span>{street}</span>
      <span>{place}</span>
      <span>{a.country}</span>
      <span>{spacedMobile(String(a.mobile))}</span>
    </span>
  );
}
