// What other folders may use of wishlist/: its face (docs/architecture.md#the-apis-floors). Import wishlist/ only from here.
export { WishlistModule } from './wishlist.module.js';
