// What other folders may use of mail/: its face (docs/architecture.md#the-apis-floors). Import mail/ only from here.
export { MailModule } from './mail.module.js';
export { MailService } from './mail.service.js';
export { mailOf } from './mails.js';
export { shopperMail, type ShopperMail } from './mail-notices.js';
