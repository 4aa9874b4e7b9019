import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { Controller, Get, Headers, HttpCode, Inject, Post, Query, Req, Res, type RawBodyRequest } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@haat/shared/common/error-code';
import { indianMobile } from '@haat/shared/users/mobile.schema';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError, unavailable } from '../common/app-error.js';
import { ok } from '../common/envelope.js';
import { stopWhatsappUpdatesTo } from '../users/index.js';

/**
 * The part of Meta's notification the shop reads (other fields pass unread): a signed body of another shape is a
 * 400 naming the problem, never a 500 (docs/product.md#rules-and-limits).
 */
const IncomingMessages = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({ messages: z.array(z.object({ from: z.string().optional(), text: z.object({ body: z.string() }).optional() })).optional() })
                .optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});

/** Compared as SHA-256 digests, always 32 bytes: a header of the right character count but other bytes is a plain mismatch. */
const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

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

  /**
   * Meta's subscription handshake: when the callback URL is saved in the app's dashboard, Meta asks
   * GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=… and expects the challenge back, as plain text,
   * only from the shop that knows the verify token (WHATSAPP_VERIFY_TOKEN).
   */
  @Get('webhook')
  subscribe(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): string {
    const { enabled, verifyToken } = this.config.whatsapp;
    if (!enabled || !verifyToken) throw unavailable('WhatsApp is not configured on this shop (no WHATSAPP_TOKEN or WHATSAPP_VERIFY_TOKEN).');
    const token = typeof query['hub.verify_token'] === 'string' ? query['hub.verify_token'] : '';
    const challenge = typeof query['hub.challenge'] === 'string' ? query['hub.challenge'] : '';
    const [given, known] = [Buffer.from(token), Buffer.from(verifyToken)];
    const tokenMatches = given.length === known.length && timingSafeEqual(given, known);
    if (query['hub.mode'] !== 'subscribe' || !tokenMatches)
      throw new AppError(403, ErrorCode.Forbidden, "hub.verify_token: not this shop's verify token.", { fields: ['hub.verify_token'] });
    if (!/^[\w-]{1,128}$/.test(challenge))
      throw new AppError(400, ErrorCode.InvalidValue, 'hub.challenge: missing or malformed.', { fields: ['hub.challenge'] });
    // Set only here: a refusal above is the shop's JSON envelope.
    void reply.header('content-type', 'text/plain; charset=utf-8');
    return challenge;
  }

  @Post('webhook')
  @HttpCode(200)
  async webhook(@Req() req: RawBodyRequest<FastifyRequest>, @Headers('x-hub-signature-256') signature: string | undefined) {
    const { enabled, appSecret } = this.config.whatsapp;
    if (!enabled) throw unavailable('WhatsApp is not configured on this shop (no WHATSAPP_TOKEN).');
    const raw = req.rawBody;
    const expected = raw ? `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}` : '';
    if (!raw || !signature || !same(signature, expected))
      throw new AppError(400, ErrorCode.BadSignature, 'x-hub-signature-256: webhook signature verification failed.', { fields: ['x-hub-signature-256'] });
    const body = IncomingMessages.safeParse(req.body);
    if (!body.success) {
      const path = body.error.issues[0]?.path.join('.') || 'body';
      throw new AppError(400, ErrorCode.InvalidValue, 'body: not a WhatsApp notification of the shape the shop reads.', { fields: [path] });
    }
    const messages = body.data.entry?.flatMap((e) => e.changes?.flatMap((c) => c.value?.messages ?? []) ?? []) ?? [];
    for (const message of messages) {
      const from = indianMobile(message.from ?? '');
      if (from && STOP_WORDS.has((message.text?.body ?? '').trim().toLowerCase())) await stopWhatsappUpdatesTo(this.db, from);
    }
    return ok(null, 'Webhook received');
  }
}
