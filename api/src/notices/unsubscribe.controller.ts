import { Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ErrorCode } from '@haat/shared/common/error-code';
import { LANGUAGES, type Language } from '@haat/shared/common/languages';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError } from '../common/app-error.js';
import { stopNotices, userById } from '../users/index.js';
import { UnsubscribeLinks, type Unsubscribe } from './unsubscribe-links.js';
import { UNSUBSCRIBE_PAGE_POLICY, unsubscribePage } from './unsubscribe-page.js';

/**
 * A mail's unsubscribe link (docs/product.md#notices-and-consent). POST is the one click (RFC 8058: the mail program
 * posts `List-Unsubscribe=One-Click`, or the page's button posts the same to the same link): the switch is off at once,
 * so queued notices of that topic by that channel are not sent, and the answer is the page saying so. GET only shows
 * the button, because mail scanners open links unasked.
 */
@Controller('notices/unsubscribe')
export class UnsubscribeController {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly links: UnsubscribeLinks,
  ) {}

  @Get()
  async page(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const u = this.checked(query);
    return this.answer(reply, u, query, false);
  }

  @Post()
  @HttpCode(200)
  async stop(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const u = this.checked(query);
    await stopNotices(this.db, u.userId, u.topic, u.channel);
    return this.answer(reply, u, query, true);
  }

  /** The page in the language the link asks for (`lang`, the page's language switch), else the account's own. */
  private async answer(reply: FastifyReply, what: Unsubscribe, query: Record<string, unknown>, stopped: boolean): Promise<string> {
    const asked = LANGUAGES.find((l) => l === query.lang);
    const language: Language = asked ?? (await userById(this.db, what.userId))?.language ?? 'en-IN';
    const kept = new URLSearchParams({ u: what.userId, t: what.topic, c: what.channel, s: String(query.s) });
    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', UNSUBSCRIBE_PAGE_POLICY)
      .header('cache-control', 'no-store');
    return unsubscribePage({ language, what, query: kept, shop: this.config.publicUrl.replace(/\/$/, ''), stopped });
  }

  private checked(query: Record<string, unknown>): Unsubscribe {
    const u = this.links.read(query);
    if (!u) throw new AppError(400, ErrorCode.BadSignature, 's: this unsubscribe link is not valid.', { fields: ['s'] });
    return u;
  }
}
