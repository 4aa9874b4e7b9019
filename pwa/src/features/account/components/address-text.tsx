import type { Address } from '@haat/shared/addresses/address.types';
import { addressLines } from '@haat/shared/addresses/address-lines';

/** Every field of an address, compactly (docs/product.md#screens checkout and My Addresses). */
export function AddressText({ address: a }: { address: Address }) {
  // Every field, in the order a postman reads them, through the shop's one address formatter: the pincode beside the
  // city and state (not after the country), the district only when it is not the city's own name. Five lines, not nine.
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
      <span>{a.mobile}</span>
    </span>
  );
}
