// What other folders may use of notices/: its face (docs/architecture.md#the-apis-floors). Import notices/ only from
// here. How to add a kind of notice: notice-kinds.ts. Notices are jobs of the one queue (jobs/): the worker that
// sends them is the queue's, exported here under its old name for the callers that wait for it.
export { NoticeKinds, NoticeRefused, type NoticeHandler, type NoticeJob, type NoticeToQueue } from './notice-kinds.js';
export { NoticesModule } from './notices.module.js';
export { NoticesService, type NoticeQueueCounts } from './notices.service.js';
export { queueNoticesSql, type NoticeRowIn } from './queue-notices-sql.js';
export { JobWorker as NoticeWorker } from '../jobs/index.js';
export { UnsubscribeLinks, type Unsubscribe } from './unsubscribe-links.js';
