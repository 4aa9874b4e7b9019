// What other folders may use of stores/: its face (docs/architecture.md#the-apis-floors). Import stores/ only from here.
export { StoresModule } from './stores.module.js';
export { pickupStoresByIds, storesByIds } from './stores-by-ids.js';
export { StoresService } from './stores.service.js';
