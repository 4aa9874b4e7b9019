// What other folders may use of back-in-stock/: its face (docs/architecture.md#the-apis-floors). Import back-in-stock/ only from here.
export { BackInStockModule } from './back-in-stock.module.js';
