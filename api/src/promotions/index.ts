// What other folders may use of promotions/: its face (docs/architecture.md#the-apis-floors). Import promotions/ only from here.
export { couponByCode, couponLimitViolated, couponUsesBy, releaseCouponUse, takeCouponUses } from './coupons.repository.js';
export type { CouponRow } from './coupons.table.js';
export { PromotionsModule } from './promotions.module.js';
