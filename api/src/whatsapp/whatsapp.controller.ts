import { createHmac, timingSafeEqual } from 'node:crypto';
import { Controller, Headers, HttpCode, Inject, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@haat/shared/common/error-code';
import { indianMobile } from '@haat/shared/users/mobile.schema';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError, unavailable } from '../common/app-error.js';
import { ok } from '../common/envelope.js';
import { stopWhatsappUpdatesTo } from '../users/index.js';

interface IncomingMessages {
  entry?: Array<{ changes?: Array<{ value?: { messages?: Array<{ from?: string; type?: string; text?: { body?: string } }> } }> }>;
}

/** What a shopper replies to stop the updates (WhatsApp's own opt-out words, in English and Hindi). */
const STOP_WORDS = new Set(['stop', 'unsubscribe', 'बंद', 'रोको']);

/**
 * WhatsApp's webhook (docs/decisions/0282-order-updates-on-whatsapp.md): signed by Meta with the app secret
 * over the raw body (X-Hub-Signature-256), not by a user. A STOP from a number turns its updates off at once.
 */
@Controller('whatsapp')
export class WhatsappController {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  async webhook(@Req() req: RawBodyRequest<FastifyRequest>, @Headers('x-hub-signature-256') signature: string | undefined) {
    const { enabled, appSecret } = this.config.whatsapp;
    if (!enabled) throw unavailable('WhatsApp is not configured on this shop (no WHATSAPP_TOKEN).');
    const raw = req.rawBody;
    const expected = raw ? `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}` : '';
    if (!raw || !signature || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
      throw new AppError(400, ErrorCode.BadSignature, 'x-hub-signature-256: webhook signature verification failed.', { fields: ['x-hub-signature-256'] });
    const messages = ((req.body ?? {}) as IncomingMessages).entry?.flatMap((e) => e.changes?.flatMap((c) => c.value?.messages ?? []) ?? []) ?? [];
    for (const message of messages) {
      const from = indianMobile(message.from ?? '');
      if (from && STOP_WORDS.has((message.text?.body ?? '').trim().toLowerCase())) await stopWhatsappUpdatesTo(this.db, from);
    }
    return ok(null, 'Webhook received');
  }
}
