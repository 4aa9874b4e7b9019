import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { newId } from '../common/ids.js';
import { errorFacts } from '../common/error-facts.js';
import { NoticesService } from '../notices/index.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where Reply goes (the contact form's sender). */
  replyTo?: string;
  /** The same for every try of one notice (mail-notices.ts). */
  messageId?: string;
  headers?: Record<string, string>;
}

/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise every message is written
 * as an .eml file in $DATA_DIR/mail, which is how a local user (and the tests) read their codes.
 * `send` sends now (the notice queue's handlers, the contact form); `sendInBackground` queues.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly toFiles: boolean;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notices: NoticesService,
  ) {
    this.toFiles = !config.smtpUrl;
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    // An account made by a mobile sign-in has no e-mail until its owner adds one: nothing to send to.
    if (!mail.to) return;
    // The stream transport (files) answers the raw message as a Buffer; SMTP's answer is not read.
    const info = (await this.transport.sendMail({ from: this.config.mailFrom, ...mail })) as { message: Buffer };
    if (this.toFiles) await this.writeEml(mail.to, info.message);
  }

  /**
   * Queues the mail on the notice queue (mail-notices.ts), where it is sent and tried again for a day, without making
   * the caller wait: an answer's timing must not depend on whether a mail went out (forgot-password answers alike for
   * known and unknown e-mails). A mail that could not even be queued is logged.
   */
  sendInBackground(mail: OutgoingMail): void {
    if (!mail.to) return;
    const job = this.notices
      .enqueue(null, { kind: 'mail', key: `mail:${newId()}`, payload: mail })
      .then(() => undefined)
      .catch((e: unknown) => this.logger.error(`could not queue "${mail.subject}": ${errorFacts(e)}`));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.transport.close();
  }

  private async writeEml(to: string, message: Buffer): Promise<void> {
    const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_').slice(0, 100);
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}-${safeTo}.eml`;
    // Written then renamed, so a reader polling the folder never sees half a message.
    const tmp = join(this.config.mailDir, `.${name}.tmp`);
    // The folder is made when a write finds it missing, not before every mail (a restock writes thousands).
    await writeFile(tmp, message).catch(async (e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
      await mkdir(this.config.mailDir, { recursive: true });
      await writeFile(tmp, message);
    });
    await rename(tmp, join(this.config.mailDir, name));
  }
}
