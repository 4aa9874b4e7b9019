import { lazyPart } from '../ui/lazy-part';

// The delivery promise loads with the part that draws it, not with the precached shell (docs/architecture.md "The PWA's code").
export const PromisePart = lazyPart(() => import('./delivery-promise').then((m) => m.AskedPromise));
/** A product card's store minutes (card-promise.tsx), loaded once a grid with a chosen pincode draws its first card. */
export const CardPromisePart = lazyPart(() => import('./card-promise').then((m) => m.CardPromise));
/** The header's promise for a named place (header-promise.tsx): what is true for the product shown or the cart. */
export const HeaderPromisePart = lazyPart(() => import('./header-promise').then((m) => m.HeaderPromise));
/** A sentence of the caller's about a product's promise at the chosen pincode (delivery-promise.tsx): the product page's delivery bullet. */
export const PromiseSentencePart = lazyPart(() => import('./delivery-promise').then((m) => m.PromiseSentence));
/** A line that ends with the header's promise for the named place (header-promise.tsx): the home page's eyebrow. */
export const PlaceLinePart = lazyPart(() => import('./header-promise').then((m) => m.PlaceLine));
