import { Controller, Get, Inject } from '@nestjs/common';
import { CardPromisesQuery, DeliveryPromiseQuery, type CardPromises, type DeliveryPromise } from '@haat/shared/addresses/delivery-promise';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError, notFound, unauthorized } from '../common/app-error.js';
import { ok } from '../common/envelope.js';
import { ZQuery } from '../common/zod-body.pipe.js';
import { DB, type Db } from '../db/database.js';
import { MaybeUser, SignedInIfAny, type AuthUser } from '../auth/index.js';
import { placeOf } from '../addresses/index.js';
import { cartUnitsOf } from '../cart/index.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { MINUTE, RateLimit } from '../throttle/index.js';
import { DeliveryPromises } from './delivery-promise.js';

/**
 * GET /api/delivery/promise (docs/product.md#delivery): the promise a pincode gets for a product, or without
 * `productId` for the signed-in shopper's cart. Public: a shopper checks a pincode before signing in.
 */
@LocalizedAnswers()
@Controller('delivery')
export class DeliveryController {
  constructor(
    private readonly promises: DeliveryPromises,
    @Inject(DB) private readonly db: Db,
  ) {}

  @Get('promise')
  @SignedInIfAny()
  // The header, cards and cart ask as the shopper browses; a scraper walking pincodes meets the limit (docs/product.md#rules-and-limits).
  @RateLimit({ ip: [300, MINUTE] })
  async promise(@ZQuery(DeliveryPromiseQuery) query: DeliveryPromiseQuery, @MaybeUser() user: AuthUser | undefined) {
    const listed = listedPlace(query.pincode);
    let units;
    if (query.productId) units = [{ productId: query.productId, variantId: query.variantId ?? null, quantity: 1 }];
    else if (user) units = await cartUnitsOf(this.db, user.id);
    else throw unauthorized();
    const { promise, fill } = await this.promises.promiseFor(listed, units, 'address');
    if (query.productId && fill.unknownUnits > 0) throw notFound('Product');
    return ok<{ promise: DeliveryPromise }>({ promise }, 'Delivery promise');
  }

  /**
   * GET /api/delivery/promises?pincode=…&productIds=a,b: the promise of each product of a page of cards, by the same
   * rule, one unit of each product's own unit; asked together, the store's answers are one statement.
   */
  @Get('promises')
  @RateLimit({ ip: [300, MINUTE] })
  async cardPromises(@ZQuery(CardPromisesQuery) query: CardPromisesQuery) {
    const listed = listedPlace(query.pincode);
    const decided = await Promise.all(
      query.productIds.map((productId) => this.promises.promiseFor(listed, [{ productId, variantId: null, quantity: 1 }], 'address')),
    );
    const promises = query.productIds.flatMap((productId, i) => (decided[i]!.fill.unknownUnits > 0 ? [] : [{ productId, promise: decided[i]!.promise }]));
    return ok<CardPromises>({ promises }, 'Delivery promises');
  }
}

/** The place India Post lists for a pincode, or 400 PINCODE_UNKNOWN naming it. */
function listedPlace(pincode: string) {
  const listed = placeOf(pincode);
  if (!listed)
    throw new AppError(400, ErrorCode.PincodeUnknown, `pincode: ${pincode} is not a pincode India Post lists. Please check it.`, {
      pincode,
      fields: ['pincode'],
    });
  return { pincode, state: listed.state, city: listed.city };
}
