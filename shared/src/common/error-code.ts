/**
 * Every machine-readable `code` the API answers in an error envelope (docs/architecture.md "Conventions
 * that cross the wire"). The PWA maps each one to what it does in one exhaustive switch
 * (pwa/src/lib/http/problem-reaction.ts): adding a member here fails its build until it is handled.
 */
export enum ErrorCode {
  /** 400: a body, query or header field is wrong; `fields` names it. */
  Validation = 'VALIDATION',
  /** 400: a request the API cannot read (bad JSON, an empty JSON body, a missing part). */
  BadRequest = 'BAD_REQUEST',
  /** 400: a value passed validation but the database refused it (too long, out of range…). */
  InvalidValue = 'INVALID_VALUE',
  /** 400: wrong e-mail or password. */
  BadCredentials = 'BAD_CREDENTIALS',
  /** 400: a webhook whose signature does not verify (Stripe). */
  BadSignature = 'BAD_SIGNATURE',
  /** 400: the password-reset code is too old. */
  OtpExpired = 'OTP_EXPIRED',
  /** 400: too many wrong password-reset codes. */
  OtpLocked = 'OTP_LOCKED',
  /** 400: a password reset without a verified code. */
  ResetNotAllowed = 'RESET_NOT_ALLOWED',
  /** 400: a JSON body nested deeper than the API reads (docs/decisions/0047-bad-text-and-cheap-requests.md). */
  BodyTooDeep = 'BODY_TOO_DEEP',
  /** 400: an upload with more than one file part; `fields` names the first. */
  TooManyFiles = 'TOO_MANY_FILES',
  /** 400: a new password that is one of the most common ones. */
  CommonPassword = 'COMMON_PASSWORD',
  WeakPassword = 'WEAK_PASSWORD',
  /** 400: changing the e-mail or password needs the current password (or a fresh Google sign-in); `fields` names it. */
  ReauthRequired = 'REAUTH_REQUIRED',
  /** 400: the fresh Google sign-in given to confirm a change is another account's, or too old. */
  ReauthFailed = 'REAUTH_FAILED',
  /** 401: no session, or it ended. */
  Unauthorized = 'UNAUTHORIZED',
  /** 403: signed in, but not allowed (admin only). */
  Forbidden = 'FORBIDDEN',
  /** 404: no such thing, or not yours; also an unknown route. */
  NotFound = 'NOT_FOUND',
  /** 405: a method the route does not take. */
  MethodNotAllowed = 'METHOD_NOT_ALLOWED',
  /** 409: the request clashes with what is stored (still in use, already taken…). */
  Conflict = 'CONFLICT',
  /** 409: disabling this account would leave the shop without an active administrator. */
  LastAdmin = 'LAST_ADMIN',
  /**
   * 409: a notice switch turned on for an address its owner has not proved; `fields` names the switches and `proof`
   * what to prove (`email`: POST /api/user/verify-email mails the link; `mobile`: a code to the number, My Profile).
   */
  ProofRequired = 'PROOF_REQUIRED',
  /** 409: the account already keeps as many addresses as one account may; `limit` says how many. */
  AddressLimit = 'ADDRESS_LIMIT',
  /** 409: "Notify me" on a product or option that can be bought now; `productId` (and `variantId`) and `available` say which and how many. */
  InStock = 'IN_STOCK',
  /** 409: the account already waits for as many products as one account may; `limit` says how many. */
  AlertLimit = 'ALERT_LIMIT',
  /** 409: "Notify me" with no channel on for back in stock; `channels` names those the account can turn on (send them back as `channels`). */
  NoChannel = 'NO_CHANNEL',
  /** 409: a product has fewer units than asked for; `productId` (and `variantId` for a variant's own stock) and `available` (units left) say which and how many. */
  OutOfStock = 'OUT_OF_STOCK',
  /** 409: the cart already holds every unit in stock; `productId` and `available` as for OUT_OF_STOCK. */
  StockLimit = 'STOCK_LIMIT',
  /** 409: an admin's save names a stock figure that orders changed since the form loaded it; `productId`, `variantId` (for an option) and `current` say which and what it is now. */
  StockChanged = 'STOCK_CHANGED',
  /** 400 on an address, 404 on a lookup: a pincode that India Post's directory does not list; `pincode` names it. */
  PincodeUnknown = 'PINCODE_UNKNOWN',
  /** 422: an address or an order to a pincode the shop does not deliver to (docs/product.md#delivery); `pincode` names it. */
  PincodeNotServed = 'PINCODE_NOT_SERVED',
  /** 422: an address whose typed state is not the state India Post lists for its pincode (the place of supply on invoices); `pincode` and `state` (the listed one) say which. */
  StatePincodeMismatch = 'STATE_PINCODE_MISMATCH',
  /** 409: stock set below what open orders hold; `productId`, `variantId` and `reserved` say which and how many. */
  StockReserved = 'STOCK_RESERVED',
  /** 422: more units of one product in a line than it may be bought in; `productId` and `limit` say which and how many. */
  QuantityLimit = 'QUANTITY_LIMIT',
  /** 409: the account already holds as many units in unpaid and undelivered orders as one account may; `limit` and `held` say how many. */
  HoldLimit = 'HOLD_LIMIT',
  /** 422: a coupon code the shop does not have, or one an admin disabled. */
  CouponUnknown = 'COUPON_UNKNOWN',
  /** 422: a coupon whose window has not opened yet; `startsAt` says when it does. */
  CouponNotStarted = 'COUPON_NOT_STARTED',
  /** 422: a coupon whose window has closed. */
  CouponExpired = 'COUPON_EXPIRED',
  /** 422: an order under the coupon's minimum; `minOrder` says how much. */
  CouponMinOrder = 'COUPON_MIN_ORDER',
  /** 409: every use of the coupon is taken. */
  CouponUsedUp = 'COUPON_USED_UP',
  /** 409: the account has used the coupon as often as one account may; `limit` says how often. */
  CouponAccountLimit = 'COUPON_ACCOUNT_LIMIT',
  /** 422: a card payment of less than the payment provider charges (a coupon took the total below it); `minimum` says how much. */
  CardBelowMinimum = 'CARD_BELOW_MINIMUM',
  /** 409: a return asked for an order that is not delivered (yet, or at all). */
  ReturnNotDelivered = 'RETURN_NOT_DELIVERED',
  /** 409: a return asked for after the return window; `deliveredAt` and `days` say when it closed. */
  ReturnWindowClosed = 'RETURN_WINDOW_CLOSED',
  /** 422: a return of more units than were bought (less those already asked back); `productId` and `left` say which and how many. */
  ReturnTooMany = 'RETURN_TOO_MANY',
  /** 409: a return move its status does not allow; `status` says where it stands. */
  ReturnState = 'RETURN_STATE',
  /** 409: units asked off an order that has left the shop, waits for its payment, or would be left empty. */
  PartCancelNotPossible = 'PART_CANCEL_NOT_POSSIBLE',
  /** 409: the account already has a card payment waiting; `orderId` and `url` name it, to finish or cancel first. */
  CheckoutPending = 'CHECKOUT_PENDING',
  /** 422: a push subscription whose endpoint is not at a browser's push service (or a host the shop added). */
  PushEndpointRefused = 'PUSH_ENDPOINT_REFUSED',
  /** 409: a product can no longer be ordered. */
  Unavailable = 'UNAVAILABLE',
  /** 409: prices changed since the cart was loaded; `current` holds the new totals. */
  PriceChanged = 'PRICE_CHANGED',
  /** 409: the shopper was shown a store's express promise that the store can no longer keep; `promise` holds the one it gets now, and nothing was written. */
  PromiseChanged = 'PROMISE_CHANGED',
  /** 409: the order is delivered or cancelled already. */
  OrderFinished = 'ORDER_FINISHED',
  /** 409: an admin stage move the order's history does not allow. */
  StageNotAllowed = 'STAGE_NOT_ALLOWED',
  /** A pickup order moved to delivered without its code: the hand-over route asks for it. */
  PickupCodeNeeded = 'PICKUP_CODE_NEEDED',
  /** The code given at the hand-over is not the order's (422); `attemptsLeft` today. */
  PickupCodeWrong = 'PICKUP_CODE_WRONG',
  /** Too many wrong codes today: the order's hand-over is locked until the shop's next day (429); `lockedUntil`. */
  PickupLocked = 'PICKUP_LOCKED',
  /** The pickup store chosen is closed or no longer holds every item (409). */
  PickupStoreUnavailable = 'PICKUP_STORE_UNAVAILABLE',
  /** 409: leaving the card payment page cancels only an order still awaiting its card payment; `payment_status` says what it is instead. */
  NotAwaitingPayment = 'NOT_AWAITING_PAYMENT',
  /** 413: a request body over the limit (1 MB of JSON). */
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  /** 413: an upload over the size limit. */
  FileTooLarge = 'FILE_TOO_LARGE',
  /** 413: an image with more pixels than the server decodes. */
  ImageTooLarge = 'IMAGE_TOO_LARGE',
  /** 415: a request body in a content type the API does not read. */
  UnsupportedMediaType = 'UNSUPPORTED_MEDIA_TYPE',
  /** 415: an upload that is not an image. */
  NotAnImage = 'NOT_AN_IMAGE',
  /** 404: the product has no variant with this `variantId`; `productId` and `variantId` say which. */
  UnknownVariant = 'UNKNOWN_VARIANT',
  /** 422: the product is sold in variants and none was chosen; `productId` and `fields` say so. */
  VariantRequired = 'VARIANT_REQUIRED',
  /** 422: an Idempotency-Key already used for a different request. */
  IdempotencyKeyReused = 'IDEMPOTENCY_KEY_REUSED',
  /** 429: too many requests; try again later. */
  RateLimited = 'RATE_LIMITED',
  /** 429: too many password-reset codes asked for. */
  TooManyCodes = 'TOO_MANY_CODES',
  /** 500: a fault of ours; the message carries the request id. */
  Internal = 'INTERNAL',
  /** 502: the payment provider failed to answer. */
  PaymentProvider = 'PAYMENT_PROVIDER',
  /** 503: a feature this server is not configured for (card payments, Google sign-in, push). */
  NotConfigured = 'NOT_CONFIGURED',
  /** 503: the database cannot be reached for a moment; Retry-After says when to try again. */
  DatabaseUnavailable = 'DATABASE_UNAVAILABLE',
  /** 503: a query ran past its time limit; the shop is busy, Retry-After says when to try again. */
  Busy = 'BUSY',
  /** 503: the contact form's mail could not be sent just now. */
  MailUnavailable = 'MAIL_UNAVAILABLE',
  /** 503 (GET /api/health/ready): a service the shop needs is unreachable; `data` says which. */
  NotReady = 'NOT_READY',
}

const KNOWN = new Set<string>(Object.values(ErrorCode));

/** The envelope's `code` as an ErrorCode, or undefined when it is missing or not one of ours. */
export function errorCodeOf(value: unknown): ErrorCode | undefined {
  return typeof value === 'string' && KNOWN.has(value) ? (value as ErrorCode) : undefined;
}
