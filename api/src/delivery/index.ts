// What other folders may use of delivery/: its face (docs/architecture.md#the-apis-floors). Import delivery/ only from here.
export { DeliveryModule } from './delivery.module.js';
export { DeliveryPromises, type PromiseDecision, type PromisePlace } from './delivery-promise.js';
