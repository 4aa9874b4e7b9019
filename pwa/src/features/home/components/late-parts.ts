// Home's parts drawn after the first screen (lib/ui/late-part.tsx), one module for home's one dynamic import of them:
// the newsletter, the back-to-top button and the place for a signed-in shopper's Buy again.
export { Newsletter } from './newsletter';
export { BackToTop } from '../../../lib/ui/back-to-top';
export { BuyAgain } from './buy-again-slot';
