import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SmsBudget, type SmsBudgetLimits } from '../sms/index.js';
import { networkBlock } from './network-block.js';
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

/**
 * The shop-wide budget's open share, which strangers' sends draw on (a sign-in by code from a browser that is not the
 * number's device); the rest is the reserve of owners on their device and of signed-in accounts proving a number.
 * Of the open share, one address may take a 40th and one network block an 8th, so 32 addresses cannot spend it.
 */
export const SMS_OPEN_SHARE = { ofBudget: 0.5, perAddress: 1 / 40, perBlock: 1 / 8 } as const;

/** From this share of either shop-wide budget on, the logs warn and haat_sms_budget_near says 1. */
export const SMS_BUDGET_ALERT_SHARE = 0.8;

/** Who asks: a stranger (the open share), the number's owner on their device, or a signed-in account (the reserve). */
export type Sender = 'stranger' | 'device' | 'account';

/** A counted send: giveBack() returns its count to every counter when no code went out after all. */
export interface SendCharge {
  giveBack(): Promise<void>;
}

/** The budget's use, for the admin (GET /api/admin/sms-budget) and the metrics. */
export interface SmsBudgetUse {
  perHour: number;
  perDay: number;
  hour: { sent: number; strangers: number; strangersLimit: number; resetsInSeconds: number };
  day: { sent: number; strangers: number; strangersLimit: number; resetsInSeconds: number };
}

type Counted = [limiter: RateLimiterAbstract, key: string, how: 'consume' | 'penalty', limit?: number];
/** Counters whose limit moves with the budget: never refused by the library, compared with today's limit here. */
const UNBOUNDED = 1_000_000_000;

/**
 * The counters of texted codes: per address, per number (strangers' sends), per (number, address or device) for the
 * number's owner; the shop-wide budget an hour and a day; and its open share, in all, per address and per network
 * block, for strangers. All are charged at once; a refused send gives every point back (it sent nothing) and waits the
 * longest of the windows that refuse it. The owner's sends still count toward the number's and the address's counters
 * for everyone else, as LoginProtection does for passwords.
 */
@Injectable()
export class MobileCodeSends {
  private readonly logger = new Logger('Sms');
  private readonly byAddress: RateLimiterAbstract[];
  private readonly byNumber: RateLimiterAbstract[];
  private readonly byOwner: RateLimiterAbstract[];
  private readonly budget: Record<'hour' | 'day', RateLimiterAbstract>;
  /** The open share: `open` in all, an address's, a block's. */
  private readonly open: Record<'hour' | 'day', Record<'all' | 'address' | 'block', RateLimiterAbstract>>;
  /** (number, address) pairs whose account signed in by code there: a key that exists is known. */
  private readonly knownPairs: RateLimiterAbstract;
  /** The shop-wide budget as this instance last counted it (what /metrics shows). */
  readonly budgetSeen = { hour: { used: 0, limit: 0 }, day: { used: 0, limit: 0 } };
  private lastAlertAt = 0;
  /** RATE_LIMIT_FACTOR: an address's and a block's bounds are guards against abuse, scaled as every other (tests raise it). */
  private readonly factor: number;

  constructor(
    limiters: RateLimiters,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly budgets: SmsBudget,
  ) {
    this.factor = config.rateLimitFactor;
    const windows = (name: string, list: readonly (readonly [number, number])[]) => list.map(([n, ms]) => limiters.create(`${name}:${n}:${ms}`, n, ms));
    this.byAddress = windows('mobile-code:address', MOBILE_CODE_SENDS.perAddress);
    this.byNumber = windows('mobile-code:number', MOBILE_CODE_SENDS.perNumber);
    this.byOwner = windows('mobile-code:owner', MOBILE_CODE_SENDS.perNumber);
    this.knownPairs = limiters.create('mobile-code:known', 1, MOBILE_CODE_SENDS.knownFor);
    // The budget is the shop's money: not scaled by RATE_LIMIT_FACTOR, and its limits are read at each send (an admin raises them).
    const counter = (name: string, ms: number) => limiters.create(name, UNBOUNDED, ms, { scaled: false });
    this.budget = { hour: counter('sms-budget:hour', HOUR), day: counter('sms-budget:day', DAY) };
    const shares = (window: 'hour' | 'day', ms: number) => ({
      all: counter(`sms-open:${window}`, ms),
      address: counter(`sms-open:${window}:address`, ms),
      block: counter(`sms-open:${window}:block`, ms),
    });
    this.open = { hour: shares('hour', HOUR), day: shares('day', DAY) };
    this.budgetSeen.hour.limit = config.sms.budget.perHour;
    this.budgetSeen.day.limit = config.sms.budget.perDay;
  }

  /** Whether either budget is at or past SMS_BUDGET_ALERT_SHARE, as last counted here. */
  get budgetNear(): boolean {
    return Object.values(this.budgetSeen).some((b) => b.used >= b.limit * SMS_BUDGET_ALERT_SHARE);
  }

  /**
   * Counts one send to `mobile` asked from `ip` by `sender`, or a 429 with the longest wait that refuses it. `device`
   * and an address where the number's account signed in by code have the number's own windows.
   */
  async charge(mobile: string, { ip, reply, sender = 'stranger' }: { ip: string; reply: FastifyReply; sender?: Sender }): Promise<SendCharge> {
    const pair = `${mobile}|${ip}`;
    const owner = sender === 'device' || (sender === 'stranger' && (await this.knownPairs.get(pair)) !== null);
    const limits = await this.budgets.limits();
    const counted: Counted[] = [
      ...this.byAddress.map((l): Counted => [l, ip, owner ? 'penalty' : 'consume']),
      ...this.byNumber.map((l): Counted => [l, mobile, owner ? 'penalty' : 'consume']),
      ...(owner ? this.byOwner.map((l): Counted => [l, sender === 'device' ? `${mobile}|device` : pair, 'consume']) : []),
      [this.budget.hour, 'all', 'consume', limits.perHour],
      [this.budget.day, 'all', 'consume', limits.perDay],
      ...(sender === 'stranger' ? this.openShare(ip, limits) : []),
    ];
    const results = await Promise.allSettled(counted.map(([l, key, how]) => l[how](key)));
    const giveBack = async () => {
      await Promise.all(counted.map(([l, key]) => l.reward(key)));
    };
    const refused = results.flatMap((r, i) => refusalOf(r, counted[i]![3]));
    if (refused.length > 0) {
      await giveBack();
      const other = refused.find((r) => !(r instanceof RateLimiterRes));
      if (other) throw other instanceof Error ? other : new Error('rate limiter failed', { cause: other });
      if (sender === 'stranger') await this.strangersPressed(ip, results, counted);
      throw tooManyAttempts(reply, Math.max(...refused.map((r) => (r as RateLimiterRes).msBeforeNext)) / 1000);
    }
    this.watchBudget(limits, results.map((r) => (r as PromiseFulfilledResult<RateLimiterRes>).value).slice(counted.findIndex(([l]) => l === this.budget.hour)));
    return { giveBack };
  }

  /** The account of `mobile` signed in by code from `ip`: its sends from there are the owner's for 14 days. */
  async remember(mobile: string, ip: string): Promise<void> {
    await this.knownPairs.set(`${mobile}|${ip}`, 1, Math.round(MOBILE_CODE_SENDS.knownFor / 1000));
  }

  /** The budget, what it has sent this hour and day, and what strangers drew of its open share. */
  async use(): Promise<SmsBudgetUse> {
    const limits = await this.budgets.limits();
    const window = async (name: 'hour' | 'day', limit: number) => {
      const [sent, strangers] = await Promise.all([this.budget[name].get('all'), this.open[name].all.get('open')]);
      return {
        sent: sent?.consumedPoints ?? 0,
        strangers: strangers?.consumedPoints ?? 0,
        strangersLimit: Math.max(1, Math.floor(limit * SMS_OPEN_SHARE.ofBudget)),
        resetsInSeconds: Math.max(0, Math.ceil((sent?.msBeforeNext ?? 0) / 1000)),
      };
    };
    return { ...limits, hour: await window('hour', limits.perHour), day: await window('day', limits.perDay) };
  }

  /** The open share's counters of one stranger's send, each with today's limit. */
  private openShare(ip: string, limits: SmsBudgetLimits): Counted[] {
    const block = networkBlock(ip);
    return (['hour', 'day'] as const).flatMap((window): Counted[] => {
      const open = Math.max(1, Math.floor((window === 'hour' ? limits.perHour : limits.perDay) * SMS_OPEN_SHARE.ofBudget));
      return [
        [this.open[window].all, 'open', 'consume', open],
        [this.open[window].address, ip, 'consume', Math.max(1, Math.floor(open * SMS_OPEN_SHARE.perAddress)) * this.factor],
        [this.open[window].block, block, 'consume', Math.max(1, Math.floor(open * SMS_OPEN_SHARE.perBlock)) * this.factor],
      ];
    });
  }

  /** Strangers reached the open share, an address's or a block's: a warning in the logs and on the admin's screen, once a minute. */
  private async strangersPressed(ip: string, results: PromiseSettledResult<RateLimiterRes>[], counted: Counted[]): Promise<void> {
    if (Date.now() - this.lastAlertAt < MINUTE) return;
    const over = counted.flatMap(([l, key, , limit], i) => {
      const r = results[i];
      if (limit === undefined || r?.status !== 'fulfilled' || r.value.consumedPoints <= limit) return [];
      const share = Object.entries(this.open).flatMap(([window, c]) =>
        Object.entries(c)
          .filter(([, x]) => x === l)
          .map(([part]) => `${window}:${part}`),
      )[0];
      return share ? [`${share} ${key === 'open' ? '' : `${key} `}${limit}`] : [];
    });
    if (!over.length) return;
    this.lastAlertAt = Date.now();
    const what = `strangers' sign-in codes reached the open share of the SMS budget (${over.join(', ')}), asked from ${networkBlock(ip)}`;
    this.logger.warn(what);
    await this.budgets.strangersPressed(what).catch((e: unknown) => this.logger.warn(`could not record it: ${String(e)}`));
  }

  private watchBudget(limits: SmsBudgetLimits, [hour, day]: RateLimiterRes[]): void {
    for (const [name, res, limit] of [
      ['hour', hour, limits.perHour],
      ['day', day, limits.perDay],
    ] as const) {
      const seen = this.budgetSeen[name];
      seen.limit = limit;
      seen.used = res?.consumedPoints ?? seen.used;
      // Once as the share is crossed, and at the end of the budget (not at every send in between).
      if (seen.used === Math.ceil(seen.limit * SMS_BUDGET_ALERT_SHARE) || seen.used === seen.limit)
        this.logger.warn(`texts this ${name}: ${seen.used} of the shop's budget of ${seen.limit} (SMS_BUDGET_PER_${name.toUpperCase()})`);
    }
  }
}

/** A counter's refusal: the library's own, or past today's limit of a counter whose limit moves. */
function refusalOf(result: PromiseSettledResult<RateLimiterRes>, limit: number | undefined): unknown[] {
  if (result.status === 'rejected') return [result.reason];
  return limit !== undefined && result.value.consumedPoints > limit ? [result.value] : [];
}
