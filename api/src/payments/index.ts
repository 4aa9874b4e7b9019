// What other folders may use of payments/: its face (docs/architecture.md#the-apis-floors). Import payments/ only from here.
export { PaymentsModule } from './payments.module.js';
