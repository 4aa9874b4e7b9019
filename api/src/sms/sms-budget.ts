import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { NoticesService, type NoticeToQueue } from '../notices/index.js';
import { smsBudget } from './sms-budget.table.js';

/** The texts the shop pays for, an hour and a day, all numbers together. */
export interface SmsBudgetLimits {
  perHour: number;
  perDay: number;
}

/** The last time strangers pressed the budget's open share, and what they pressed. */
export interface StrangersPressed {
  at: string;
  what: string;
}

/** How long a budget read is believed: an admin's raise reaches every instance within this. */
const FRESH_MS = 2000;

/**
 * The shop's budget of texts (docs/decisions/0280-sign-in-by-mobile-number.md): SMS_BUDGET_PER_HOUR and
 * SMS_BUDGET_PER_DAY until an admin sets it (`PUT /api/admin/sms-budget`), then the stored row, read by every
 * instance; and the record of strangers pressing it, which the admin's screen shows.
 */
@Injectable()
export class SmsBudget {
  private cached: { limits: SmsBudgetLimits; at: number } | null = null;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notices: NoticesService,
  ) {}

  async limits(): Promise<SmsBudgetLimits> {
    if (this.cached && Date.now() - this.cached.at < FRESH_MS) return this.cached.limits;
    const [row] = await this.db.select({ perHour: smsBudget.perHour, perDay: smsBudget.perDay }).from(smsBudget).where(eq(smsBudget.id, 1));
    const limits = row ?? { perHour: this.config.sms.budget.perHour, perDay: this.config.sms.budget.perDay };
    this.cached = { limits, at: Date.now() };
    return limits;
  }

  async set(limits: SmsBudgetLimits, adminId: string): Promise<SmsBudgetLimits> {
    const values = { perHour: limits.perHour, perDay: limits.perDay, updatedAt: new Date(), updatedBy: adminId };
    await this.db
      .insert(smsBudget)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: smsBudget.id, set: values });
    this.cached = null;
    return this.limits();
  }

  /**
   * Records that strangers pressed the open share (what, in words): the admin's screen says when and what, and the
   * admins' devices hear of it by push (push-notices.ts), once an hour at most.
   */
  async strangersPressed(what: string): Promise<void> {
    const now = await this.limits();
    await this.db.transaction(async (tx) => {
      await tx
        .insert(smsBudget)
        .values({ id: 1, perHour: now.perHour, perDay: now.perDay, strangersPressedAt: new Date(), strangersPressed: what })
        .onConflictDoUpdate({ target: smsBudget.id, set: { strangersPressedAt: sql`now()`, strangersPressed: what } });
      await this.notices.enqueue(tx, adminsSmsBudgetPush(new Date()));
    });
  }

  async lastPressed(): Promise<StrangersPressed | null> {
    const [row] = await this.db.select({ at: smsBudget.strangersPressedAt, what: smsBudget.strangersPressed }).from(smsBudget).where(eq(smsBudget.id, 1));
    return row?.at && row.what ? { at: row.at.toISOString(), what: row.what } : null;
  }
}

/** The admins' push notice that strangers pressed the budget: its key names the hour, so one an hour is queued. */
export function adminsSmsBudgetPush(at: Date): NoticeToQueue<Record<string, never>> {
  return { kind: 'push-admins-sms', key: `push:sms-strangers:${at.toISOString().slice(0, 13)}`, payload: {} };
}
