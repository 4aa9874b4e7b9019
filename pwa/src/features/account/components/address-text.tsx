import type { Address } from '@haat/shared/addresses/address.types';

/** Every field of an address, compactly (docs/product.md#screens checkout and My Addresses). */
export function AddressText({ address: a }: { address: Address }) {
  // Every field, in the order a postman reads them: the pincode beside the city and state (not after
  // the country), the district only when it is not the city's own name. Five lines, not nine.
  const district = a.district && a.district.trim().toLowerCase() !== a.city.trim().toLowerCase() ? a.district : '';
  return (
    <span className="address-card__text">
      <strong>{a.name}</strong>
      <span>{[a.building, a.address_line].filter(Boolean).join(', ')}</span>
      <span>{[a.city, district, `${a.state} ${a.pincode}`.trim()].filter(Boolean).join(', ')}</span>
      <span>{a.country}</span>
      <span>{a.mobile}</span>
    </span>
  );
}
