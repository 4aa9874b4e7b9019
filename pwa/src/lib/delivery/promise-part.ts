import { lazyPart } from '../ui/lazy-part';

// The delivery promise loads with the part that draws it, not with the precached shell (docs/architecture.md "The PWA's code").
export const PromisePart = lazyPart(() => import('./delivery-promise').then((m) => m.AskedPromise));
