import { ErrorCode, errorCodeOf } from '@haat/shared/common/error-code';

/** What the PWA does about an error answer, whatever screen asked. */
export type ProblemReaction =
  /** Show the server's new totals (`current`) and ask again. */
  | 'review-prices'
  /** The server does not offer this (not configured): say so where the feature lives, not as an error. */
  | 'not-offered'
  /** The session is missing or over: the HTTP client refreshes it or sends the shopper to sign in. */
  | 'sign-in'
  /** Nothing the shopper can fix now: a later try may work. */
  | 'retry-later'
  /** Stock or availability changed: the message says what, the cart shows the rest. */
  | 'stock-changed'
  /** The request itself is refused (a field, a rule, a state): show the message, which names it. */
  | 'refused';

/** The one switch from the API's error codes to what the PWA does, naming every ErrorCode (a new one fails the type check). */
export function reactionTo(sent: string | undefined): ProblemReaction {
  const code = errorCodeOf(sent);
  switch (code) {
    case ErrorCode.PriceChanged:
      return 'review-prices';
    case ErrorCode.NotConfigured:
      return 'not-offered';
    case ErrorCode.Unauthorized:
      return 'sign-in';
    case ErrorCode.RateLimited:
    case ErrorCode.TooManyCodes:
    case ErrorCode.PaymentProvider:
    case ErrorCode.Internal:
    case ErrorCode.DatabaseUnavailable:
    case ErrorCode.Busy:
    case ErrorCode.MailUnavailable:
    case ErrorCode.NotReady:
      return 'retry-later';
    case ErrorCode.OutOfStock:
    case ErrorCode.StockLimit:
    case ErrorCode.Unavailable:
    case ErrorCode.UnknownVariant: // a variant the product no longer has: as for a product gone
      return 'stock-changed';
    case ErrorCode.Validation:
    case ErrorCode.BadRequest:
    case ErrorCode.InvalidValue:
    case ErrorCode.BadCredentials:
    case ErrorCode.BadSignature:
    case ErrorCode.OtpExpired:
    case ErrorCode.OtpLocked:
    case ErrorCode.ResetNotAllowed:
    case ErrorCode.CommonPassword:
    case ErrorCode.WeakPassword:
    case ErrorCode.ReauthRequired:
    case ErrorCode.ReauthFailed:
    case ErrorCode.Forbidden:
    case ErrorCode.NotFound:
    case ErrorCode.MethodNotAllowed:
    case ErrorCode.Conflict:
    case ErrorCode.LastAdmin:
    case ErrorCode.AddressLimit:
    case ErrorCode.ProofRequired:
    case ErrorCode.InStock:
    case ErrorCode.AlertLimit:
    case ErrorCode.NoChannel: // Notify me asks first by which channel; a queued ask refused so is said and undone
    case ErrorCode.OrderFinished:
    case ErrorCode.StageNotAllowed:
    case ErrorCode.NotAwaitingPayment:
    case ErrorCode.PayloadTooLarge:
    case ErrorCode.BodyTooDeep:
    case ErrorCode.FileTooLarge:
    case ErrorCode.ImageTooLarge:
    case ErrorCode.UnsupportedMediaType:
    case ErrorCode.TooManyFiles:
    case ErrorCode.NotAnImage:
    case ErrorCode.IdempotencyKeyReused:
    case ErrorCode.VariantRequired:
    case ErrorCode.QuantityLimit: // the message names the limit; the cart keeps the line as it was
    case ErrorCode.HoldLimit:
    case ErrorCode.CouponUnknown: // the checkout's coupon field shows the message; the order is not placed
    case ErrorCode.CouponNotStarted:
    case ErrorCode.CouponExpired:
    case ErrorCode.CouponMinOrder:
    case ErrorCode.CouponUsedUp:
    case ErrorCode.CouponAccountLimit:
    case ErrorCode.CardBelowMinimum: // the checkout shows the message; the shopper picks cash on delivery
    case ErrorCode.ReturnNotDelivered: // the return form shows the message
    case ErrorCode.ReturnWindowClosed:
    case ErrorCode.ReturnTooMany:
    case ErrorCode.ReturnState:
    case ErrorCode.PartCancelNotPossible: // the Cancel items dialog shows the message (docs/product.md#cancelling-part-of-an-order)
    case ErrorCode.CheckoutPending: // the message says which order waits for its payment
    case ErrorCode.StockChanged: // the admin's form: the message names the current figure
    case ErrorCode.StockReserved:
    case ErrorCode.PincodeUnknown: // the address form says which pincode
    case ErrorCode.PincodeNotServed: // the address form, checkout, or the queued order's failed note, says where
    case ErrorCode.PromiseChanged: // checkout: the message and `promise` say the new promise, before the shopper taps again
    case ErrorCode.StatePincodeMismatch: // the address form puts the pincode's state in and says so
    case ErrorCode.PushEndpointRefused: // the browser's push service is not one the shop sends to: the toggle says so
    case ErrorCode.PickupCodeNeeded: // the stage buttons leave the hand-over to the code's form
    case ErrorCode.PickupCodeWrong: // the hand-over form says the tries left and keeps the focus
    case ErrorCode.PickupLocked: // the hand-over form says it opens again tomorrow
    case ErrorCode.PickupStoreUnavailable: // checkout: the message names the store; the shopper picks another
    case undefined:
      return 'refused';
    default:
      return code satisfies never;
  }
}
