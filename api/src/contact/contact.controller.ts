import { Controller, HttpCode, Post } from '@nestjs/common';
import { ContactBody, CONTACT_SENT } from '@haat/shared/contact/contact.schema';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { MINUTE, RateLimit } from '../throttle/index.js';
import { ContactService } from './contact.service.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

@LocalizedAnswers()
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** Anyone may write, so it is limited like registering: per client and per sender's e-mail. */
  @Post()
  @HttpCode(201)
  @RateLimit({ ip: [5, MINUTE], email: [3, 10 * MINUTE] })
  async send(@ZBody(ContactBody) body: ContactBody) {
    await this.contact.send(body);
    return ok(null, CONTACT_SENT);
  }
}
