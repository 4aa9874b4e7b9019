// What other folders may use of ondc/: its face (docs/architecture.md#the-apis-floors). Import ondc/ only from here.
export { OndcModule } from './ondc.module.js';
