/** The shop's clock: India's, wherever the screen is (docs/product.md#delivery). Apart from shop-time.ts: `/` counts delivery days on it without formatting a time. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
