import type { Address } from '@haat/shared/addresses/address.types';
import type { AddressRow } from './addresses.table.js';

/** A row as docs/product.md#records shows an address (snake_case address_line, `_id`). */
export function toAddress(row: AddressRow): Address {
  return {
    _id: row.id,
    userId: row.userId,
    name: row.name,
    building: row.building,
    address_line: row.addressLine,
    district: row.district,
    city: row.city,
    state: row.state,
    country: row.country,
    pincode: row.pincode,
    mobile: row.mobile,
    gstin: row.gstin ?? null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
