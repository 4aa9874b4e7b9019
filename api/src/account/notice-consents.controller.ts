import { Controller, Get, Inject, Put } from '@nestjs/common';
import { NOTICE_TOPICS, NoticeConsentsBody, switchesNeedingProof, type NoticeConsents } from '@haat/shared/notices/notice-consents';
import { ErrorCode } from '@haat/shared/common/error-code';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError, conflict, notFound } from '../common/app-error.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { noticeConsentsAndProofOf, noticeConsentsOf, storeNoticeConsents, userById } from '../users/index.js';

/**
 * Which notices go to the shopper by which channel (docs/product.md#notices-and-consent), each switch said outright.
 * The queue's handlers read the switches when they send, so a switch turned off holds for notices already queued.
 */
@LocalizedAnswers()
@Controller('user/notices')
export class NoticeConsentsController {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Auth()
  async get(@CurrentUser() user: AuthUser) {
    const consents = await noticeConsentsOf(this.db, user.id);
    if (!consents) throw notFound('User');
    return ok(consents, 'Notice settings');
  }

  /** WhatsApp only at a verified mobile and where the shop sends WhatsApp (409 naming each switch); nothing is stored then. */
  @Put()
  @Auth()
  async put(@CurrentUser() user: AuthUser, @ZBody(NoticeConsentsBody) body: NoticeConsents) {
    const wantsWhatsapp = NOTICE_TOPICS.filter((topic) => body[topic].whatsapp).map((topic) => `${topic}.whatsapp`);
    if (wantsWhatsapp.length) {
      if (!this.config.whatsapp.enabled) throw conflict('This shop does not send order updates on WhatsApp.', { fields: wantsWhatsapp });
      const row = await userById(this.db, user.id);
      if (!row?.mobileVerified)
        throw new AppError(409, ErrorCode.ProofRequired, 'Verify your mobile number first: updates go only to a verified number.', {
          fields: wantsWhatsapp,
          proof: 'mobile',
        });
    }
    await this.refuseUnproved(user.id, body);
    if (!(await storeNoticeConsents(this.db, user.id, body))) throw notFound('User');
    return ok(body, 'Notice settings saved');
  }

  /**
   * A marketing-like notice by e-mail is turned on only for an address its owner proved (shared's provedFor): one
   * turned on for an unverified address is 409 PROOF_REQUIRED naming it, and nothing is stored. A switch left on from
   * before is kept (it sends nothing until the proof: the queue asks again when it sends).
   */
  private async refuseUnproved(userId: string, body: NoticeConsents): Promise<void> {
    const now = await noticeConsentsAndProofOf(this.db, userId);
    if (!now) throw notFound('User');
    const fields = switchesNeedingProof(now.consents, body, now.proved).filter((f) => f.endsWith('.email'));
    if (fields.length)
      throw new AppError(409, ErrorCode.ProofRequired, 'Verify your e-mail first: these notices are mailed only to an address you have proved.', {
        fields,
        proof: 'email',
      });
  }
}
