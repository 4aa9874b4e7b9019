/**
 * What a route's decorators cannot say: multipart or raw bodies, headers read by custom decorators,
 * business errors beyond the ones derived (auth, ids, validation), one example body for the main calls.
 * Bodies themselves always come from the shared zod schemas; a test checks every example against them.
 */
export interface RouteNote {
  summary?: string;
  errors?: number[];
  headers?: string[];
  multipart?: true;
  rawBody?: string;
  example?: unknown;
  /** An old spelling kept for existing clients: documented as deprecated, pointing at the route to use. */
  deprecatedFor?: string;
}

const PRODUCT = '01JD8ZQ4M6A9T3V7X2C5B8N1RK';
const ADDRESS = {
  name: 'Asha Verma',
  building: '12 Lotus Apartments',
  address_line: 'MG Road',
  district: 'Bengaluru Urban',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560001',
  mobile: '9876543210',
};

export const ROUTE_NOTES: Record<string, RouteNote> = {
  'POST /api/product/get-pruduct-by-category-and-subcategory': {
    summary: 'Deprecated spelling of POST /api/product/get-product-by-category-and-subcategory (same body, same answer)',
    deprecatedFor: 'POST /api/product/get-product-by-category-and-subcategory',
  },
  'POST /api/user/register': {
    summary: 'Create an account. Answers alike when the e-mail already has one (nothing is created; its owner is told by mail)',
    example: { name: 'Asha Verma', email: 'asha@example.com', password: 'Lotus-pond-42', confirmPassword: 'Lotus-pond-42' },
  },
  'POST /api/user/login': {
    summary: 'Sign in: data.accesstoken (Bearer) and data.refreshToken',
    errors: [401],
    example: { email: 'asha@example.com', password: 'Lotus-pond-42' },
  },
  'POST /api/user/refresh-token': {
    summary: 'A new token pair for a refresh token (which is then spent)',
    errors: [401],
    example: { refreshToken: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl' },
  },
  'PUT /api/user/forgot-password': { summary: 'Mail a one-time code', example: { email: 'asha@example.com' } },
  'PUT /api/user/verify-forgot-password-otp': { summary: 'Check the mailed code' },
  'PUT /api/user/reset-password': { summary: 'Set a new password after the code (resetToken from the body, or else from the cookie the verify set)' },
  'PUT /api/user/update-user': {
    summary:
      "Name, email, mobile, and optionally `language` (en-IN or hi-IN: the account's mails and push notices). A new e-mail needs currentPassword (an account without a password: a fresh Google credential, or for one signed up by mobile number the otp of POST /api/user/owner-code) and changes only once the link mailed to it is opened (PUT /api/user/confirm-email)",
  },
  'PUT /api/user/confirm-email': { summary: 'Finish an e-mail change with the token of the mailed link', errors: [409] },
  'POST /api/user/verify-email': {
    summary:
      "Mail the signed-in owner a link that verifies the account's e-mail (opened with PUT /api/user/confirm-email); an unverified account holds UNVERIFIED_HOLD_LIMIT_UNITS",
  },
  'POST /api/user/login-otp': {
    summary:
      'Text a six-digit sign-in code to an Indian mobile number (the same answer whether or not it has an account); 3 per number in 10 minutes, 10 a day',
    errors: [429],
    example: { mobile: '+91 98765 43210' },
  },
  'POST /api/user/login-otp/verify': {
    summary: "Sign in with the texted code: answers as POST /api/user/login, to the number's account or a new one (its `name` empty until PUT /api/user/name)",
    example: { mobile: '+91 98765 43210', otp: '123456' },
  },
  'POST /api/user/mobile': { summary: 'Text a code to prove a number for the signed-in account', errors: [429], example: { mobile: '9876543210' } },
  'POST /api/user/mobile/verify': { summary: "Make the texted number the account's verified mobile (409 when another account has it verified)", errors: [409] },
  'POST /api/user/owner-code': {
    summary: "Text a code to the account's own verified mobile: an account signed up by mobile number sends it as update-user's otp to add an e-mail",
    errors: [429],
  },
  'PUT /api/user/whatsapp': { summary: 'Order updates on WhatsApp at the verified mobile, on or off', errors: [409, 503], example: { on: true } },
  'GET /api/whatsapp/webhook': {
    summary: "Meta's webhook set-up handshake: the hub.challenge back, as plain text, only for this shop's WHATSAPP_VERIFY_TOKEN",
    errors: [400, 403, 503],
  },
  'POST /api/whatsapp/webhook': {
    summary: "WhatsApp's webhook, signed with the app secret (X-Hub-Signature-256): a STOP reply turns the sender's updates off",
    errors: [503],
  },
  'PUT /api/user/name': { summary: "Set the account holder's name (asked after a first sign-in by mobile)", example: { name: 'Asha Verma' } },
  'PUT /api/user/upload-avatar': { summary: 'Set the avatar from an image', multipart: true, errors: [413, 415] },
  'POST /api/user/google-login': { errors: [401] },
  'POST /api/user/google-register': { errors: [401, 409] },
  'POST /api/file/upload': { summary: 'Store an image (answers absolute URLs of a large and a small WebP)', multipart: true, errors: [413, 415] },
  'POST /api/product/get': { summary: 'A page of products', example: { page: 1, limit: 12 } },
  'POST /api/product/search-product': { summary: 'Search products', example: { search: 'cotton kurta', page: 1, limit: 12 } },
  'POST /api/product/get-product-details': {
    summary:
      "A product: `stock` is what can be bought now; `variants` lists only the options an admin made (every product also has a default unit, never listed), each option's `stock` present only when it keeps its own",
    example: { productId: PRODUCT },
  },
  'PUT /api/product/update-product-details': {
    summary:
      'Edit a product. Send `expectedStock` (and per option) with the stock the form loaded: an unchanged figure is left as orders made it, a changed one over a stock that moved meanwhile is a 409 STOCK_CHANGED with `current`. A bare `stock` (no `expectedStock`) is taken only when it is the figure now (unchanged); any other is a 409 STOCK_CHANGED with `current`',
    errors: [409],
  },
  'POST /api/cart/create': {
    summary: 'Add one of a product (or of its option `variantId`) to the cart, up to its stock and its per-order figure (422 QUANTITY_LIMIT)',
    errors: [409, 422],
    example: { productId: PRODUCT },
  },
  'PUT /api/cart/update-qty': { errors: [409], example: { _id: '01JD8ZR1C2D3E4F5G6H7J8K9M0', qty: 2 } },
  'PUT /api/cart/sync': { summary: 'Set absolute quantities (offline clients)', errors: [422], example: { items: [{ productId: PRODUCT, quantity: 2 }] } },
  'POST /api/address/create': { example: ADDRESS },
  'POST /api/order/cash-on-delivery': {
    summary:
      "Place a cash-on-delivery order for the given lines (prices are the server's; a different totalAmt is a 409 with the current totals; a line over the product's per-order figure is a 422 QUANTITY_LIMIT; past the account's unpaid-units cap a 409 HOLD_LIMIT; with a couponCode, totalAmt is the discounted total and a coupon that does not apply is a 422 or 409 COUPON_*)",
    headers: ['idempotency-key'],
    errors: [409, 422],
    example: { list_items: [{ productId: PRODUCT, quantity: 2 }], totalAmt: 1398, addressId: '01JD8ZS7P3Q4R5S6T7V8W9X0YZ' },
  },
  'POST /api/order/checkout': {
    summary: 'Start a card payment (Stripe Checkout URL in data); one payment waits at a time per account (409 CHECKOUT_PENDING)',
    headers: ['idempotency-key'],
    errors: [409, 422, 502],
  },
  'POST /api/order/cancel': { errors: [409] },
  'POST /api/order/coupon-preview': {
    summary:
      'The totals of these lines with a coupon, as an order would be priced (nothing is held); 422 COUPON_UNKNOWN, COUPON_NOT_STARTED, COUPON_EXPIRED or COUPON_MIN_ORDER when it does not apply',
    errors: [422],
    example: { list_items: [{ productId: PRODUCT, quantity: 2 }], couponCode: 'DIWALI10' },
  },
  'GET /api/order/{orderId}/invoice': {
    summary:
      "The order's GST tax invoice: a PDF, or the document as JSON with Accept: application/json; 404 until the order is paid (card) or delivered (cash)",
  },
  'GET /api/order/{orderId}/credit-note': {
    summary: 'A credit note of the order by its number (?number=; the latest without it): a PDF, or JSON with Accept: application/json',
  },
  'POST /api/order/return': {
    summary: 'Ask for units of a delivered order back within the return window: 409 RETURN_NOT_DELIVERED or RETURN_WINDOW_CLOSED, 422 RETURN_TOO_MANY',
    errors: [409, 422],
    example: { orderId: 'HT8YQ4CDEF', items: [{ productId: PRODUCT, quantity: 1 }], reason: 'Wrong size' },
  },
  'POST /api/order/admin/return-status': {
    summary:
      "Move a return: APPROVED or REJECTED, then RECEIVED (units back on sale), then REFUNDED (a cash order's refund names its method and reference); 409 RETURN_STATE",
    errors: [409],
    example: { returnId: '01JD8ZT1A2B3C4D5E6F7G8H9J0', status: 'REFUNDED', refund: { method: 'UPI', reference: 'UPI-778812' } },
  },
  'POST /api/coupon/create': {
    summary: 'Make a coupon (admins); 409 when another coupon has the code',
    errors: [409],
    example: {
      code: 'DIWALI10',
      type: 'percent',
      value: 10,
      maxDiscount: 200,
      minOrder: 999,
      startsAt: '2026-10-20T00:00:00+05:30',
      endsAt: '2026-11-05T00:00:00+05:30',
      totalUses: 1000,
      perAccountUses: 1,
    },
  },
  'POST /api/store/create': {
    summary:
      'Make a dark store (admins): its place, the pincodes it serves and its promise in minutes; 409 naming the pincode and the store when another store serves one, 400 PINCODE_UNKNOWN or 422 PINCODE_NOT_SERVED naming the field',
    errors: [409, 422],
    example: {
      name: 'Haat Koramangala',
      address: '80 Feet Road, 4th Block, Koramangala',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560034',
      servesPincodes: ['560034', '560095', '560047'],
      promiseMinutes: 10,
    },
  },
  'GET /api/store/list': { summary: 'Every dark store, closed ones too, with the pincodes each serves and the units it has on sale (admins)' },
  'PUT /api/store/update': {
    summary: 'Change a store (admins): the fields sent; servesPincodes is the whole new list (409 as for create)',
    errors: [409, 422],
    example: { _id: '01JD8ZT1A2B3C4D5E6F7G8H9J0', promiseMinutes: 15 },
  },
  'POST /api/store/close': { summary: 'Close a store (admins): it serves no pincode and takes no order; its pincodes and stock stay' },
  'POST /api/store/reopen': { summary: 'Reopen a closed store (admins): its pincodes and stock serve again' },
  'GET /api/store/stock': { summary: "A store's shelves (admins): every unit it stocks, its pool's figures and the warehouse's available units" },
  'PUT /api/store/stock': {
    summary:
      "Set the units on a store's shelf for one unit (admins), with the on-hand the screen showed (0 for a new one); 409 STOCK_CHANGED when it moved since, 409 STOCK_RESERVED below what open orders hold",
    errors: [409],
    example: { storeId: '01JD8ZT1A2B3C4D5E6F7G8H9J0', productId: PRODUCT, stock: 12, expectedStock: 0 },
  },
  'POST /api/store/transfer': {
    summary:
      "Move available units between the warehouse and a store's shelf (admins), two 'transfer' ledger rows in one transaction; 409 OUT_OF_STOCK naming what can move",
    errors: [409],
    example: { storeId: '01JD8ZT1A2B3C4D5E6F7G8H9J0', productId: PRODUCT, units: 5, to: 'store' },
  },
  'POST /api/order/checkout/cancel': {
    summary: 'Back from the card payment page unpaid: cancels the order only while it awaits its card payment (409 NOT_AWAITING_PAYMENT otherwise)',
    errors: [409],
  },
  'POST /api/order/update-status': { errors: [409] },
  'POST /api/order/admin/update-status': { errors: [409] },
  'GET /api/order/admin/new-orders': { summary: "This admin's New Orders badge: orders placed since they last opened Manage Orders" },
  'GET /api/address/pincode/{pincode}': {
    summary: "The place India Post's directory lists for a pincode, and the shop's delivery estimate there (404 PINCODE_UNKNOWN when unlisted)",
    errors: [404],
  },
  'GET /api/order/admin/overview': {
    summary: "The admin's overview: sold orders and revenue today, this week and per day, top products, orders waiting per stage, low stock",
  },
  'GET /api/order/admin/low-stock': {
    summary:
      'A page of the units under `lowStock` left to sell: running low (1 or more) first, fewest first, then sold out; `runningLow`, `soldOut` and `total` count them all',
  },
  'POST /api/product/admin/adjust-stock': {
    summary:
      "Set one unit's stock (the product's own, or option `variantId`) with `expectedStock`, the figure the screen loaded: a stock that moved since is a 409 STOCK_CHANGED with `current`",
    example: { productId: PRODUCT, variantId: null, stock: 25, expectedStock: 2 },
    errors: [404, 409],
  },
  'POST /api/order/admin/new-orders/seen': { summary: 'This admin opened Manage Orders: their New Orders badge starts again from 0' },
  'POST /api/order/webhook': {
    summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET)',
    rawBody: 'A Stripe event, verified against the stripe-signature header',
  },
  'POST /api/wishlist/add': { example: { productId: PRODUCT } },
  'POST /api/review/add': { errors: [409] },
  'GET /api/health': { summary: 'The API and its database are up' },
  'GET /api/openapi.json': { summary: 'This document' },
  'GET /api/metrics': { summary: 'Prometheus text format; Authorization: Bearer <METRICS_TOKEN>; 404 when METRICS_TOKEN is unset', errors: [401, 404] },
  'GET /api/docs': { summary: 'The browsable reference (HTML)' },
  'GET /api/docs/{file}': { summary: "The reference page's files (from swagger-ui-dist)" },
};
