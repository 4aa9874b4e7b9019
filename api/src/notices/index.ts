// What other folders may use of notices/: its face (docs/architecture.md#the-apis-floors). Import notices/ only from
// here. How to add a kind of notice: notice-kinds.ts.
export { NoticeKinds, NoticeRefused, type NoticeHandler, type NoticeJob, type NoticeToQueue } from './notice-kinds.js';
export { NoticesModule } from './notices.module.js';
export { NoticesService, type NoticeQueueCounts } from './notices.service.js';
export { queueNoticesSql, type NoticeRowIn } from './queue-notices-sql.js';
export { NoticeWorker } from './notice-worker.js';
export { UnsubscribeLinks, type Unsubscribe } from './unsubscribe-links.js';
