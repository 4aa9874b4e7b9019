// What other folders may use of inventory/: its face (docs/architecture.md#the-apis-floors). Import inventory/ only from here.
export { availableOf } from './available.js';
export {
  adjustUnitStock,
  analyzeStock,
  createProductStock,
  deleteWithStock,
  optionSkuOwners,
  releaseAccountHold,
  releaseOrderUnits,
  restockReturn,
  settleOrderStock,
  unitsHeldBy,
  updateProductStock,
  type OrderStockEvent,
} from './inventory.js';
export { lowStockUnits } from './low-stock.js';
export { holdOrderUnits, isHoldLimitViolation, reserveOrderLines, type LineToReserve, type OrderToHold, type Reservation } from './order-reservation.js';
export { createStockStaging, stockFromStaging, transferToNewStores } from './seed-stock.js';
export {
  inventoryFromVariantRowsSql,
  productHasOptionSql,
  productInStockSql,
  productInventorySql,
  productStockMovedSql,
  unitsOfPool,
  type ProductInventory,
  type StoredVariant,
} from './stock-reads.js';
export { setStoreStock, storeStock, transferStock, unitsStockedByStore } from './store-stock.js';
export { storeFills, storesHolding, type StoreAsk, type StoreFill, type UnitAsked } from './store-fill.js';
export { LEDGER_EXPORT_HEADER, ledgerBetween, type LedgerEntry } from './ledger-export.js';
