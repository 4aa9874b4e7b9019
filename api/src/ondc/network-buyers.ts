import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../db/database.js';
import { keepNetworkAddress, placeOf } from '../addresses/index.js';
import { insertUserUnlessTaken } from '../users/index.js';
import type { OrderRequest } from './order-request.js';

const idOf = (prefix: string, ...parts: string[]) => `${prefix}${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 24)}`;

/**
 * The shop's side of a network buyer (docs/product.md#selling-on-ondc): an account per buyer app and buyer phone,
 * which cannot sign in (no password, no e-mail) and holds as a verified account may, holding each network order's delivery address. Both ids come from
 * what the buyer app sent, so a second try of the same confirm finds the same account and address and places the
 * same order (the placement's Idempotency-Key is the network order).
 */
@Injectable()
export class NetworkBuyers {
  constructor(@Inject(DB) private readonly db: Db) {}

  async accountFor(bapId: string, networkOrderId: string, request: OrderRequest): Promise<{ userId: string; addressId: string }> {
    const address = request.address as NonNullable<OrderRequest['address']>;
    const userId = idOf('ondc_', bapId, address.phone);
    await insertUserUnlessTaken(this.db, {
      id: userId,
      name: (typeof request.billing?.name === 'string' ? request.billing.name : address.name).slice(0, 100),
      email: '',
      mobile: address.phone,
      passwordHash: null,
      // The buyer app vouches for its buyer (it holds the verified number): the shop's full hold applies, not an
      // unverified account's lower one (docs/product.md#rules-and-limits). Never its verified mobile: that number may be
      // a shop account's own, which is unique.
      verifyEmail: true,
      status: 'Active',
    });
    const place = placeOf(address.pincode);
    const addressId = idOf('ondca_', bapId, networkOrderId);
    await keepNetworkAddress(this.db, {
      id: addressId,
      userId,
      name: address.name,
      building: address.building,
      addressLine: address.street,
      district: place?.district ?? address.city,
      city: place?.city ?? address.city,
      state: place?.state ?? address.state,
      pincode: address.pincode,
      mobile: address.phone,
    });
    return { userId, addressId };
  }
}
