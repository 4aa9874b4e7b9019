// What other folders may use of cart/: its face (docs/architecture.md#the-apis-floors). Import cart/ only from here.
export { CartModule } from './cart.module.js';
export { cartLineIdsOf, cartUnitsOf, removeFromCart, removeOrderedLines } from './cart.repository.js';
export { orderAgain, type LineToOrderAgain, type OrderAgainAnswer } from './order-again.js';
