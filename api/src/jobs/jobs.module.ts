import { Global, Module } from '@nestjs/common';
import { JobKinds } from './job-kinds.js';
import { JobWorker } from './job-worker.js';
import { JobsService } from './jobs.service.js';

/** The one job queue (docs/architecture.md#jobs): global, so every domain that runs jobs registers its kinds. */
@Global()
@Module({
  providers: [JobKinds, JobsService, JobWorker],
  exports: [JobKinds, JobsService, JobWorker],
})
export class JobsModule {}
