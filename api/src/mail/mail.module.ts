import { Global, Module } from '@nestjs/common';
import { MailNotices } from './mail-notices.js';
import { MailService } from './mail.service.js';

@Global()
@Module({ providers: [MailService, MailNotices], exports: [MailService] })
export class MailModule {}
