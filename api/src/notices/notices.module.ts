import { Global, Module } from '@nestjs/common';
import { NoticeKinds } from './notice-kinds.js';
import { NoticeWorker } from './notice-worker.js';
import { NoticesService } from './notices.service.js';

/** The notice queue (docs/decisions/0040-push-notices.md): global, so every domain that sends notices registers its kinds. */
@Global()
@Module({ providers: [NoticeKinds, NoticesService, NoticeWorker], exports: [NoticeKinds, NoticesService, NoticeWorker] })
export class NoticesModule {}
