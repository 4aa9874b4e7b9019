import { Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ErrorCode } from '@haat/shared/common/error-code';
import { DB, type Db } from '../db/database.js';
import { AppError } from '../common/app-error.js';
import { t } from '../i18n/i18n.js';
import { stopNotices, userById } from '../users/index.js';
import { UnsubscribeLinks, type Unsubscribe } from './unsubscribe-links.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A mail's unsubscribe link (docs/product.md#notices-and-consent). POST is the one click (RFC 8058: the mail program
 * posts `List-Unsubscribe=One-Click`, or the page's button): the switch is off at once, so queued notices of that
 * topic by that channel are not sent. GET only shows the button, because mail scanners open links unasked.
 */
@Controller('notices/unsubscribe')
export class UnsubscribeController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly links: UnsubscribeLinks,
  ) {}

  @Get()
  async page(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const u = this.checked(query);
    const language = (await userById(this.db, u.userId))?.language ?? 'en-IN';
    const what = { topic: t(language, `notices.topic.${u.topic}`), channel: t(language, `notices.channel.${u.channel}`) };
    void reply.header('content-type', 'text/html; charset=utf-8');
    return `<!doctype html><html lang="${language.slice(0, 2)}"><meta name="viewport" content="width=device-width"><title>Haat</title>
<form method="post"><p>${escape(t(language, 'notices.confirmStop', what))}</p><button type="submit">${escape(t(language, 'notices.stopButton'))}</button></form></html>`;
  }

  @Post()
  @HttpCode(200)
  async stop(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const u = this.checked(query);
    await stopNotices(this.db, u.userId, u.topic, u.channel);
    const language = (await userById(this.db, u.userId))?.language ?? 'en-IN';
    const what = { topic: t(language, `notices.topic.${u.topic}`), channel: t(language, `notices.channel.${u.channel}`) };
    void reply.header('content-type', 'text/html; charset=utf-8');
    return `<!doctype html><html lang="${language.slice(0, 2)}"><meta name="viewport" content="width=device-width"><title>Haat</title><p>${escape(t(language, 'notices.stopped', what))}</p></html>`;
  }

  private checked(query: Record<string, unknown>): Unsubscribe {
    const u = this.links.read(query);
    if (!u) throw new AppError(400, ErrorCode.BadSignature, 's: this unsubscribe link is not valid.', { fields: ['s'] });
    return u;
  }
}
