// What other folders may use of jobs/: its face (docs/architecture.md#the-apis-floors). Import jobs/ only from here.
// How to add a kind of job: job-kinds.ts.
export { JobKinds, JobLeaseLost, JobRefused, type JobHandler, type JobToQueue, type KindOptions, type RunningJob } from './job-kinds.js';
export { JobsModule } from './jobs.module.js';
export { JobsService, type DbOrTx, type JobQueueCounts, type JobStatus } from './jobs.service.js';
export { queueJobsSql, type JobRowIn } from './queue-jobs-sql.js';
export { JobWorker } from './job-worker.js';
