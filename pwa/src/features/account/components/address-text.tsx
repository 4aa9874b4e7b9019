import type { Address } from '@haat/shared/addresses/address.types';

/** Every field of an address, one per line (docs/product.md#screens checkout and My Addresses). */
export function AddressText({ address: a }: { address: Address }) {
  return (
    <span className="address-card__text">
      <strong>{a.name}</strong>
      <span>{a.building}</span>
      <span>{a.address_line}</span>
      <span>{a.city}</span>
      <span>{a.district}</span>
      <span>{a.state}</span>
      <span>{a.country}</span>
      <span>{a.pincode}</span>
      <span>{a.mobile}</span>
    </span>
  );
}
