import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ContactBody } from '@haat/shared/contact/contact.schema';
import { ErrorCode } from '@haat/shared/common/error-code';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { AppError } from '../common/app-error.js';
import { MailService } from '../mail/index.js';

/** The /contact form: one mail to the support desk, answerable with Reply (Reply-To is the sender). */
@Injectable()
export class ContactService {
  private readonly logger = new Logger('Contact');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  async send(body: ContactBody): Promise<void> {
    const lines = [`From: ${body.name} <${body.email}>`, ...(body.phone ? [`Phone: ${body.phone}`] : []), `Topic: ${body.topic}`, '', body.message];
    try {
      // Awaited, unlike account mail: the sender is told whether the message really went.
      await this.mail.send({ to: this.config.supportEmail, replyTo: body.email, subject: `[Contact] ${body.topic}: ${body.name}`, text: lines.join('\n') });
    } catch (e) {
      this.logger.error(`could not mail the support desk: ${(e as Error).message}`);
      throw new AppError(503, ErrorCode.MailUnavailable, `Your message could not be sent just now. Please try again, or write to ${this.config.supportEmail}.`);
    }
  }
}
