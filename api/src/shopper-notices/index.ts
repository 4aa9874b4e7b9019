// What other folders may use of shopper-notices/: its face (docs/architecture.md#the-apis-floors). Import shopper-notices/ only from here.
export { ShopperNotices, type ShopperTopic } from './shopper-notices.js';
export { ShopperNoticesModule } from './shopper-notices.module.js';
