import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import { LIMITS } from '@haat/shared/common/limits';
import type { AddressFields, UpdateAddressBody } from '@haat/shared/addresses/address.schema';
import type { Address } from '@haat/shared/addresses/address.types';
import { DB, type Db } from '../db/database.js';
import { AppError, invalidField, notFound } from '../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { lockUser } from '../users/index.js';
import { newId } from '../common/ids.js';
import { addresses } from './addresses.table.js';
import { toAddress } from './address-wire.js';
import { PincodeService } from './pincode.service.js';
import { refuseStateMismatch, refuseUnserved } from './delivery.js';

const columnsOf = (f: AddressFields) => ({
  name: f.name,
  building: f.building,
  addressLine: f.address_line,
  district: f.district,
  city: f.city,
  state: f.state,
  country: f.country,
  pincode: f.pincode,
  mobile: f.mobile,
  gstin: f.gstin ?? null,
});

/**
 * A customer's delivery addresses; a pincode must be one India Post lists (400 PINCODE_UNKNOWN) and one the shop
 * delivers to (422 PINCODE_NOT_SERVED, docs/product.md#delivery). Every query is scoped by the signed-in user, so another user's
 * id simply is not found (404). Addresses are never deleted: orders keep their own copy anyway.
 */
@Injectable()
export class AddressesService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly pincodes: PincodeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A buyer's GSTIN is its own: the shop's on an address would make the shop its own B2B buyer, which the GST portal refuses. */
  private refuseOwnGstin(body: Pick<AddressFields, 'gstin'>): void {
    if (body.gstin && body.gstin === this.config.seller.gstin) throw invalidField('gstin', "is the shop's own GSTIN; enter the buyer's");
  }

  async create(userId: string, body: AddressFields): Promise<Address> {
    this.refuseOwnGstin(body);
    this.pincodes.requireKnown(body.pincode);
    refuseUnserved(body, 'address');
    refuseStateMismatch(body);
    const row = await this.db.transaction(async (tx) => {
      // The owner's row is locked first, so two adds racing at the cap are counted one after the other.
      await lockUser(tx, userId);
      const [held] = await tx
        .select({ n: count() })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.status, true)));
      const limit = LIMITS.maxAddressesPerUser;
      if ((held?.n ?? 0) >= limit)
        throw new AppError(409, ErrorCode.AddressLimit, `You can keep at most ${limit} addresses. Remove one to add another.`, { limit });
      const [inserted] = await tx
        .insert(addresses)
        .values({ id: newId(), userId, ...columnsOf(body) })
        .returning();
      return inserted!;
    });
    return toAddress(row);
  }

  /** Only status true is shown or selectable (docs/product.md#records). */
  async listActive(userId: string): Promise<Address[]> {
    const rows = await this.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.status, true)))
      .orderBy(asc(addresses.createdAt), asc(addresses.id));
    return rows.map(toAddress);
  }

  /** A removed (status false) address cannot be edited back to life; it is not found. */
  async update(userId: string, body: UpdateAddressBody): Promise<Address> {
    this.refuseOwnGstin(body);
    this.pincodes.requireKnown(body.pincode);
    refuseUnserved(body, 'address');
    refuseStateMismatch(body);
    const [row] = await this.db
      .update(addresses)
      .set({ ...columnsOf(body), updatedAt: new Date() })
      .where(and(eq(addresses.id, body._id), eq(addresses.userId, userId), eq(addresses.status, true)))
      .returning();
    if (!row) throw notFound('Address');
    return toAddress(row);
  }

  /** Idempotent for the owner: disabling twice is fine; someone else's id is not found. */
  async disable(userId: string, id: string): Promise<Address> {
    const [row] = await this.db
      .update(addresses)
      .set({ status: false, updatedAt: new Date() })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!row) throw notFound('Address');
    return toAddress(row);
  }
}
