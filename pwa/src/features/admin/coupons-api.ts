import type { Envelope } from '@haat/shared/common/envelope';
import type { Coupon, CreateCouponRequest, DisableCouponBody, UpdateCouponBody } from '@haat/shared/promotions/coupon.schema';
import { http } from '../../lib/http/http';

/**
 * The admin's coupon routes (docs/product.md#coupons). Reads skip every cache (`no-store`): an admin edits what the
 * server holds. Refusals show the server's message through the one client (a code already taken).
 */
export const couponsApi = {
  list: async () => (await http.get('coupon/list', { cache: 'no-store' }).json<Envelope<Coupon[]>>()).data ?? [],
  create: (body: CreateCouponRequest) => http.post('coupon/create', { json: body }).json<Envelope<Coupon>>(),
  update: (body: CreateCouponRequest & { _id: string }) => http.put('coupon/update', { json: body }).json<Envelope<Coupon>>(),
  /** A disabled coupon applies again (within its window): the update route with only `active`. */
  enable: (_id: string) => http.put('coupon/update', { json: { _id, active: true } satisfies UpdateCouponBody }).json<Envelope<Coupon>>(),
  disable: (_id: string) => http.post('coupon/disable', { json: { _id } satisfies DisableCouponBody }).json<Envelope<Coupon>>(),
};
