import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RateLimiters, type Window } from './rate-limiters.js';
import { tooManyAttempts } from './too-many-attempts.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Codes a number can be sent, and an address can ask for (docs/product.md#rules-and-limits): an SMS costs the shop
 * money and lands on someone's phone, whoever asks for it. At RATE_LIMIT_FACTOR 1. A number's owner, where its
 * account signed in by code before (this address in the last 14 days, or this device), has windows of its own.
 */
export const MOBILE_CODE_SENDS = {
  perNumber: [
    [3, 10 * MINUTE],
    [10, DAY],
  ],
  perAddress: [
    [10, 10 * MINUTE],
    [50, DAY],
  ],
  knownFor: 14 * DAY,
} as const satisfies Record<string, Window[] | number>;

/** From this share of either shop-wide budget on, the logs warn and haat_sms_budget_near says 1. */
export const SMS_BUDGET_ALERT_SHARE = 0.8;

/** A counted send: giveBack() returns its count to every counter when no code went out after all. */
export interface SendCharge {
  giveBack(): Promise<void>;
}

type Counted = [limiter: RateLimiterAbstract, key: string, how: 'consume' | 'penalty'];

/**
 * The counters of texted codes: per address, per number (strangers' sends), per (number, address or device) for the
 * number's owner, and the shop-wide budget an hour and a day. All are charged at once; a refused send gives every
 * point back (it sent nothing) and waits the longest of the windows that refuse it. The owner's sends still count
 * toward the number's and the address's counters for everyone else, as LoginProtection does for passwords.
 */
@Injectable()
export class MobileCodeSends {
  private readonly logger = new Logger('Sms');
  private readonly byAddress: RateLimiterAbstract[];
  private readonly byNumber: RateLimiterAbstract[];
  private readonly byOwner: RateLimiterAbstract[];
  private readonly budget: Record<'hour' | 'day', RateLimiterAbstract>;
  /** (number, address) pairs whose account signed in by code there: a key that exists is known. */
  private readonly knownPairs: RateLimiterAbstract;
  /** The shop-wide budget as this instance last counted it (what /metrics shows). */
  readonly budgetSeen = { hour: { used: 0, limit: 0 }, day: { used: 0, limit: 0 } };

  constructor(limiters: RateLimiters, @Inject(APP_CONFIG) config: AppConfig) {
    const windows = (name: string, list: readonly (readonly [number, number])[]) => list.map(([n, ms]) => limiters.create(`${name}:${n}:${ms}`, n, ms));
    this.byAddress = windows('mobile-code:address', MOBILE_CODE_SENDS.perAddress);
    this.byNumber = windows('mobile-code:number', MOBILE_CODE_SENDS.perNumber);
    this.byOwner = windows('mobile-code:owner', MOBILE_CODE_SENDS.perNumber);
    this.knownPairs = limiters.create('mobile-code:known', 1, MOBILE_CODE_SENDS.knownFor);
    // The budget is the shop's money: not scaled by RATE_LIMIT_FACTOR.
    this.budget = {
      hour: limiters.create('sms-budget:hour', config.sms.budget.perHour, HOUR, { scaled: false }),
      day: limiters.create('sms-budget:day', config.sms.budget.perDay, DAY, { scaled: false }),
    };
    this.budgetSeen.hour.limit = config.sms.budget.perHour;
    this.budgetSeen.day.limit = config.sms.budget.perDay;
  }

  /** Whether either budget is at or past SMS_BUDGET_ALERT_SHARE, as last counted here. */
  get budgetNear(): boolean {
    return Object.values(this.budgetSeen).some((b) => b.used >= b.limit * SMS_BUDGET_ALERT_SHARE);
  }

  /** Counts one send to `mobile` asked from `ip` (`device`: this browser signed in to it by code), or a 429 with the longest wait that refuses it. */
  async charge(mobile: string, { ip, reply, device = false }: { ip: string; reply: FastifyReply; device?: boolean }): Promise<SendCharge> {
    const pair = `${mobile}|${ip}`;
    const known = device || (await this.knownPairs.get(pair)) !== null;
    const counted: Counted[] = [
      ...this.byAddress.map((l): Counted => [l, ip, known ? 'penalty' : 'consume']),
      ...this.byNumber.map((l): Counted => [l, mobile, known ? 'penalty' : 'consume']),
      ...(known ? this.byOwner.map((l): Counted => [l, device ? `${mobile}|device` : pair, 'consume']) : []),
      [this.budget.hour, 'all', 'consume'],
      [this.budget.day, 'all', 'consume'],
    ];
    const results = await Promise.allSettled(counted.map(([l, key, how]) => l[how](key)));
    const giveBack = async () => {
      await Promise.all(counted.map(([l, key]) => l.reward(key)));
    };
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (refused.length > 0) {
      await giveBack();
      const other = refused.find((r) => !(r instanceof RateLimiterRes));
      if (other) throw other instanceof Error ? other : new Error('rate limiter failed', { cause: other });
      throw tooManyAttempts(reply, Math.max(...refused.map((r) => (r as RateLimiterRes).msBeforeNext)) / 1000);
    }
    this.watchBudget(results.slice(-2).map((r) => (r as PromiseFulfilledResult<RateLimiterRes>).value));
    return { giveBack };
  }

  /** The account of `mobile` signed in by code from `ip`: its sends from there are the owner's for 14 days. */
  async remember(mobile: string, ip: string): Promise<void> {
    await this.knownPairs.set(`${mobile}|${ip}`, 1, Math.round(MOBILE_CODE_SENDS.knownFor / 1000));
  }

  private watchBudget([hour, day]: RateLimiterRes[]): void {
    for (const [name, res] of [
      ['hour', hour],
      ['day', day],
    ] as const) {
      const seen = this.budgetSeen[name];
      seen.used = res?.consumedPoints ?? seen.used;
      // Once as the share is crossed, and at the end of the budget (not at every send in between).
      if (seen.used === Math.ceil(seen.limit * SMS_BUDGET_ALERT_SHARE) || seen.used === seen.limit)
        this.logger.warn(`texts this ${name}: ${seen.used} of the shop's budget of ${seen.limit} (SMS_BUDGET_PER_${name.toUpperCase()})`);
    }
  }
}
