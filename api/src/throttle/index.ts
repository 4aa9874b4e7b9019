// What other folders may use of throttle/: its face (docs/architecture.md#the-apis-floors). Import throttle/ only from here.
export { LoginProtection } from './login-protection.js';
export {
  MOBILE_CODE_SENDS,
  MobileCodeSends,
  SMS_BUDGET_ALERT_SHARE,
  SMS_OPEN_SHARE,
  type SendCharge,
  type Sender,
  type SmsBudgetUse,
} from './mobile-code-sends.js';
export { MINUTE, RateLimit } from './rate-limit.guard.js';
export { RateLimited, RateLimiters, type Window } from './rate-limiters.js';
export { tooManyAttempts } from './too-many-attempts.js';
export { LimitWrongCouponCodes } from './wrong-coupon-codes.js';
export { ThrottleModule } from './throttle.module.js';
