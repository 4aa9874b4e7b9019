import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import { lruCache } from '../common/lru.js';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@haat/shared/common/languages';
import { DB, type Db } from '../db/database.js';
import { errorFacts } from '../common/error-facts.js';
import { languagesByIds, storeLanguage } from './users.repository.js';

/** Accounts whose language this instance last saw: a signed-in request in the same language writes nothing. */
const KNOWN_MAX = 50_000;
/** Another instance may have stored a change since: what this one knows is trusted this long. */
const KNOWN_TTL_MS = 10 * 60_000;

/**
 * The language stored on each account (users.language, docs/decisions/0105-i18next-on-the-api-translated-at-the-answer.md):
 * set at sign-up, followed by the Accept-Language of the account's signed-in requests, set through the
 * profile. Mails and push notices sent outside a request (a Stripe webhook, an admin moving an order)
 * are written in it.
 */
@Injectable()
export class AccountLanguages {
  private readonly logger = new Logger('AccountLanguages');
  private readonly known = lruCache<string, Language>(KNOWN_MAX, { ttl: KNOWN_TTL_MS });

  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * A signed-in request asked for `language`: stored when it differs from the account's, without
   * making the request wait; the write is skipped while this instance knows the account already has it.
   */
  follow(userId: string, language: Language): void {
    if (this.known.get(userId) === language) return;
    this.known.set(userId, language);
    storeLanguage(this.db, userId, language).then(
      () => undefined,
      (e: unknown) => {
        this.known.delete(userId);
        this.logger.warn(`could not store an account's language: ${errorFacts(e)}`);
      },
    );
  }

  /** The profile form stored it: later requests in it write nothing. */
  remember(userId: string, language: Language): void {
    this.known.set(userId, language);
  }

  /** The account's language; English (India) for an account that is gone. */
  async of(userId: string): Promise<Language> {
    return (await this.ofMany([userId])).get(userId) ?? DEFAULT_LANGUAGE;
  }

  /** The languages of several accounts at once (the admins of a new-order notice). */
  async ofMany(userIds: string[]): Promise<Map<string, Language>> {
    if (!userIds.length) return new Map();
    const rows = await languagesByIds(this.db, userIds);
    return new Map(rows.map((r) => [r.id, isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE]));
  }
}

@Global()
@Module({ providers: [AccountLanguages], exports: [AccountLanguages] })
export class I18nModule {}
