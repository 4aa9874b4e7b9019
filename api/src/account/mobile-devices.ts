import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, lt } from 'drizzle-orm';
import { DB, type Db } from '../db/database.js';
import { SessionRegistry } from '../auth/index.js';
import { MOBILE_CODE_SENDS } from '../throttle/index.js';
import { mobileDevices } from './mobile-devices.table.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The browsers that signed in to a number by its code (docs/decisions/0280-sign-in-by-mobile-number.md): each holds a
 * random token in an HttpOnly cookie (device-cookie.ts), one per device, for 14 days and no longer than the session it
 * signed in with (a sign-out, a sign-out everywhere, a password change or reset end it). Its later code requests for
 * that number are the owner's: they draw on the budget's reserve and have the number's windows to themselves.
 */
@Injectable()
export class MobileDevices {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly sessions: SessionRegistry,
  ) {}

  /** A new token for this device (`replacing` the one it showed, if any), tied to the session the sign-in started. */
  async issue(mobile: string, sessionId: string, replacing: string | undefined): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.transaction(async (tx) => {
      if (replacing) await tx.delete(mobileDevices).where(eq(mobileDevices.tokenHash, hashOf(replacing)));
      await tx.delete(mobileDevices).where(lt(mobileDevices.expiresAt, new Date()));
      await tx.insert(mobileDevices).values({ tokenHash: hashOf(token), mobile, sessionId, expiresAt: new Date(Date.now() + MOBILE_CODE_SENDS.knownFor) });
    });
    return token;
  }

  /** Whether `token` is a live device token of `mobile`: not expired, and its session still signed in. */
  async owns(token: string | undefined, mobile: string): Promise<boolean> {
    if (!token || token.length > 100) return false;
    const [row] = await this.db
      .select({ sessionId: mobileDevices.sessionId })
      .from(mobileDevices)
      .where(and(eq(mobileDevices.tokenHash, hashOf(token)), eq(mobileDevices.mobile, mobile), gt(mobileDevices.expiresAt, new Date())));
    return !!row && (await this.sessions.isActive(row.sessionId));
  }
}
