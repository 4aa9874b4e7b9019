import { Global, Module } from '@nestjs/common';
import { NoticeKinds } from './notice-kinds.js';
import { NoticesService } from './notices.service.js';
import { UnsubscribeController } from './unsubscribe.controller.js';
import { UnsubscribeLinks } from './unsubscribe-links.js';

/** The notices on the job queue (docs/decisions/0040-push-notices.md): global, so every domain that sends notices registers its kinds. */
@Global()
@Module({
  controllers: [UnsubscribeController],
  providers: [NoticeKinds, NoticesService, UnsubscribeLinks],
  exports: [NoticeKinds, NoticesService, UnsubscribeLinks],
})
export class NoticesModule {}
