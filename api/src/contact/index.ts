// What other folders may use of contact/: its face (docs/architecture.md#the-apis-floors). Import contact/ only from here.
export { ContactModule } from './contact.module.js';
