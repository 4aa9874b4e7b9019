/** docs/product.md#rules-and-limits business constants and limits, one place for both sides. */
export const LIMITS = {
  /** The largest amount of money the shop takes anywhere (₹1 crore): a price, a total, a price filter. */
  moneyMax: 10_000_000,
  /**
   * The least total a card payment may be, in rupees: Stripe refuses a charge under $0.50 or its equivalent
   * in the account's settlement currency (docs.stripe.com/currencies, minimum charge amounts), about ₹43, so
   * ₹50 with room for the exchange rate. A smaller order (a big coupon) is paid cash on delivery.
   */
  cardMinimumRupees: 50,
  /** Most "Notify me" waits (back in stock, not yet told nor ended) one account may keep at once (docs/product.md#back-in-stock). */
  maxStockAlertsPerAccount: 50,
  /** "Notify me" asks one account may make in an hour, counted by the throttle (docs/product.md#back-in-stock). */
  stockAlertsPerHour: 30,
  /** And in a day (a day of hours at the hourly limit would be 720 asks, each a notice when the unit comes back). */
  stockAlertsPerDay: 60,
  /** Days a "Notify me" wait lasts untold before it ends by itself. */
  stockAlertDays: 90,
  /** Most addresses (not removed) one account may keep. */
  maxAddressesPerUser: 20,
  mobileBreakpointPx: 768,
  listingPageSize: 12,
  adminProductsPageSize: 12,
  adminSearchDebounceMs: 300,
  searchPageSize: 20,
  searchSkeletons: 10,
  homeSkeletons: 6,
  reviewsPreview: 3,
  /** Most reviews one request lists (the product page's "+N more reviews" opens up to this many). */
  reviewsMaxPage: 100,
  relatedProducts: 8,
  otherCategoryProducts: 8,
  recentlyViewed: 4,
  /** Recent searches the empty search screen keeps on the device, newest first. */
  recentSearches: 8,
  otpLength: 6,
  pincodeLength: 6,
  detailRetries: 2,
  detailRetryDelayMs: 1000,
  offerCountdownMs: 24 * 60 * 60 * 1000,
  infiniteScrollThrottleMs: 150,
  infiniteScrollThreshold: 0.8,
  typingSpeedMs: 50,
  suggestionHoldMs: 1000,
  heroTypeMs: 100,
  heroPauseMs: 2000,
  carouselIntervalMs: 5000,
  backToTopAfterPx: 300,
  categoryRowScrollPx: 200,
  newsletterDelayMs: 1000,
  galleryScrollStepPx: 100,
  zoomFactor: 1.5,
  toastErrorMs: 4000,
  toastSuccessMs: 2000,
  headerMessageMs: 2500,
  headerLoginMessageMs: 2000,
  defaultRating: 5,
  uploadMaxBytes: 5 * 1024 * 1024,
  jsonBodyMaxBytes: 1024 * 1024,
  /** Deepest nesting of objects and arrays a JSON body may have; no form the shop sends comes near it. */
  jsonBodyMaxDepth: 32,
  /** Units of one product an order line may hold unless the admin sets another figure for it. */
  defaultMaxPerOrder: 10,
  /** The highest per-line figure an admin may set. */
  maxPerOrderCeiling: 1000,
  /** A unit with this many or fewer left to sell says "Only N left" beside its price (docs/product.md#states). */
  fewLeft: 5,
  /**
   * Units one account may hold at once in orders not yet paid or delivered (cash on delivery, and card
   * orders awaiting payment): a new account cannot empty a product with a few unpaid orders.
   */
  maxUnitsHeldPerAccount: 50,
  /** The same for an account whose e-mail is not verified: many free accounts cannot add up to a product's stock. */
  maxUnitsHeldUnverified: 10,
} as const;

export const SORT_OPTIONS = ['lowToHigh', 'highToLow', 'newest', 'oldest'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const PRODUCT_TYPES = ['fixed', 'variable'] as const;
export const VARIABLE_UNITS = ['kg', 'litre', 'gm', 'ml'] as const;
export const DEFAULT_UNIT = 'pack';

export const TOKEN_KEYS = { access: 'accesstoken', refresh: 'refreshToken' } as const;
