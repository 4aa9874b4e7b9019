import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { newId } from '../common/ids.js';
import { errorFacts } from '../common/error-facts.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where Reply goes (the contact form's sender). */
  replyTo?: string;
}

/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise every message is written
 * as an .eml file in $DATA_DIR/mail, which is how a local user (and the tests) read their codes.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly toFiles: boolean;
  private readonly pending = new Set<Promise<void>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
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
   * Sends without making the caller wait: an answer's timing must not depend on whether a mail
   * went out (forgot-password answers alike for known and unknown e-mails). Failures are logged.
   */
  sendInBackground(mail: OutgoingMail): void {
    const job = this.send(mail).catch((e: unknown) => this.logger.error(`could not send "${mail.subject}": ${errorFacts(e)}`));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.transport.close();
  }

  private async writeEml(to: string, message: Buffer): Promise<void> {
    await mkdir(this.config.mailDir, { recursive: true });
    const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_').slice(0, 100);
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}-${safeTo}.eml`;
    // Written then renamed, so a reader polling the folder never sees half a message.
    const tmp = join(this.config.mailDir, `.${name}.tmp`);
    await writeFile(tmp, message);
    await rename(tmp, join(this.config.mailDir, name));
  }
}
