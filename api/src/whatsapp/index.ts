// What other folders may use of whatsapp/: its face (docs/architecture.md#the-apis-floors). Import whatsapp/ only from here.
export { WhatsappModule } from './whatsapp.module.js';
export { whatsappNotice, type WhatsappNotice } from './whatsapp-notices.js';
