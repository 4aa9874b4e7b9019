import { Global, Module } from '@nestjs/common';
import { NoticeKinds } from './notice-kinds.js';
import { NoticeWorker } from './notice-worker.js';
import { NoticesService } from './notices.service.js';
import { UnsubscribeController } from './unsubscribe.controller.js';
import { UnsubscribeLinks } from './unsubscribe-links.js';

/** The notice queue (docs/decisions/0040-push-notices.md): global, so every domain that sends notices registers its kinds. */
@Global()
@Module({
  controllers: [UnsubscribeController],
  providers: [NoticeKinds, NoticesService, NoticeWorker, UnsubscribeLinks],
  exports: [NoticeKinds, NoticesService, NoticeWorker, UnsubscribeLinks],
})
export class NoticesModule {}
