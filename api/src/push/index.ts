// What other folders may use of push/: its face (docs/architecture.md#the-apis-floors). Import push/ only from here.
export { PushNotices, shopperPush, type PushNotice, type ShopperPush } from './push-notices.js';
export { PushModule } from './push.module.js';
export { PushService } from './push.service.js';
