// What other folders may use of cart/: its face (docs/architecture.md#the-apis-floors). Import cart/ only from here.
export { CartModule } from './cart.module.js';
export { cartLineIdsOf, cartLinesJson, removeBatchFromCartCte, removeFromCart, removeFromCartCte } from './cart.repository.js';
