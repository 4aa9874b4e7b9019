import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import type { Coupon, CreateCouponRequest, DisableCouponBody, UpdateCouponBody } from '@haat/shared/promotions/coupon.schema';
import { http } from '../../lib/http/http';
import { adminKeys } from '../../lib/query/admin-keys';
import { i18n } from '../../i18n/i18n';
import { toast } from '../../lib/ui/toast';

/** The admin's coupon routes (docs/product.md#coupons); reads skip every cache: an admin edits what the server holds. */
export const couponsApi = {
  list: async (signal?: AbortSignal) => (await http.get('coupon/list', { cache: 'no-store', signal }).json<Envelope<Coupon[]>>()).data ?? [],
  // The form shows a refusal under its field (lib/ui/form-refusal.tsx): no toast.
  create: (body: CreateCouponRequest) => http.post('coupon/create', { json: body, context: { silent: true } }).json<Envelope<Coupon>>(),
  update: (body: CreateCouponRequest & { _id: string }) => http.put('coupon/update', { json: body, context: { silent: true } }).json<Envelope<Coupon>>(),
  /** A disabled coupon applies again (within its window): the update route with only `active`. */
  enable: (_id: string) => http.put('coupon/update', { json: { _id, active: true } satisfies UpdateCouponBody }).json<Envelope<Coupon>>(),
  disable: (_id: string) => http.post('coupon/disable', { json: { _id } satisfies DisableCouponBody }).json<Envelope<Coupon>>(),
};

export const couponsQuery = () => queryOptions({ queryKey: adminKeys.coupons(), queryFn: ({ signal }) => couponsApi.list(signal) });

/** Turns a disabled coupon on again (an online write, lib/query/server-write.ts); a refusal is the server's message. */
export const couponEnableWrite = () =>
  mutationOptions({
    mutationFn: (coupon: Coupon) => couponsApi.enable(coupon._id),
    onSuccess: (_answer, coupon) => toast.success(i18n.t('coupons:enabled', { code: coupon.code })),
  });
