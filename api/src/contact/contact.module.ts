import { Module } from '@nestjs/common';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';

/** POST /api/contact: the /contact page's form, mailed to the support desk (SUPPORT_EMAIL). */
@Module({ controllers: [ContactController], providers: [ContactService] })
export class ContactModule {}
