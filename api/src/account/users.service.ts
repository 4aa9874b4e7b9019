import { Inject, Injectable } from '@nestjs/common';
import type { LoginBody, RegisterBody } from '@haat/shared/users/user.schema';
import type { UserStatusBody } from '@haat/shared/users/user-status.schema';
import { ErrorCode } from '@haat/shared/common/error-code';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError, badRequest, notFound, unauthorized } from '../common/app-error.js';
import { MailService, mailOf } from '../mail/index.js';
import type { Language } from '@haat/shared/common/languages';
import { newId } from '../common/ids.js';
import { TokensService, type TokenPair } from '../auth/index.js';
import { FilesService } from '../files/index.js';
import { activeAddressIdsOf } from '../addresses/index.js';
import { cartLineIdsOf } from '../cart/index.js';
import { orderIdsOf } from '../orders/index.js';
import {
  dummyHash,
  hashPassword,
  insertUserUnlessTaken,
  lockActiveAdmins,
  lockedAvatarOf,
  refuseWeakPassword,
  updateUser,
  userByEmail,
  userById,
  verifyPassword,
  type UserRow,
} from '../users/index.js';
import { toPublicUser, type PublicUser } from './public-user.js';

const BAD_LOGIN = 'Invalid email or password.';

@Injectable()
export class UsersService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly tokens: TokensService,
    private readonly files: FilesService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // Made now, so the first sign-in for an unknown e-mail costs no more than any other.
    void dummyHash(config.passwordHashCost);
  }

  /**
   * Answers alike whether or not the e-mail has an account (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md):
   * for a taken e-mail nothing is created or changed, the answer has the same status and shape, the
   * password is hashed all the same (so the timing matches), and the owner is told by mail.
   */
  async register(body: RegisterBody, language: Language): Promise<PublicUser> {
    await refuseWeakPassword(body.password, 'password', { email: body.email, name: body.name });
    const passwordHash = await hashPassword(body.password, this.config.passwordHashCost);
    const row = await insertUserUnlessTaken(this.db, { id: newId(), name: body.name, email: body.email, passwordHash, language });
    if (row) return toPublicUser(row);
    // The owner is read and told after the answer, not before it: a taken e-mail answers in a new one's time.
    void this.findByEmail(body.email)
      .then((owner) => owner && this.tellOwnerOfRegisterAttempt(owner))
      .catch(() => undefined);
    const now = new Date();
    return toPublicUser({
      id: newId(),
      name: body.name,
      email: body.email,
      passwordHash: null,
      avatar: '',
      mobile: '',
      mobileVerified: false,
      mobileVerifiedAt: null,
      passwordSignedInAt: null,
      whatsappUpdates: false,
      ...{ orderUpdatesPush: true, orderUpdatesEmail: true, backInStockPush: false, backInStockWhatsapp: false, backInStockEmail: false },
      ...{ priceDropsPush: false, priceDropsWhatsapp: false, priceDropsEmail: false },
      verifyEmail: false,
      lastLoginDate: null,
      status: 'Active',
      role: 'USER',
      googleSub: null,
      language,
      createdAt: now,
      updatedAt: now,
    });
  }

  private tellOwnerOfRegisterAttempt(owner: UserRow): void {
    // Written to the owner, in the owner's language: the request may be anyone's.
    this.mail.sendInBackground(mailOf('registerAttempt', owner.language, { name: owner.name, email: owner.email }, owner.email));
  }

  async login(body: LoginBody, userAgent: string): Promise<TokenPair> {
    const user = await this.findByEmail(body.email);
    // Verify even when the user is unknown, so timing does not reveal which e-mails exist.
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash(this.config.passwordHashCost)), body.password);
    if (!user || !valid) throw new AppError(400, ErrorCode.BadCredentials, BAD_LOGIN);
    // The owner's own proof: numbers proved before it survive a later password change or reset (docs/decisions/0280-sign-in-by-mobile-number.md).
    await updateUser(this.db, user.id, { passwordSignedInAt: new Date() });
    return this.signIn(user, userAgent);
  }

  /** The last step of every sign-in (password or Google): an active account gets a new session. */
  async signIn(user: UserRow, userAgent: string): Promise<TokenPair> {
    this.assertActive(user);
    await updateUser(this.db, user.id, { lastLoginDate: new Date() });
    return this.tokens.startSession(user, userAgent);
  }

  refresh(refreshToken: string): Promise<TokenPair> {
    return this.tokens.rotate(refreshToken, async (userId) => {
      const user = await this.findById(userId);
      return user && user.status === 'Active' ? user.role : null;
    });
  }

  async details(userId: string): Promise<PublicUser> {
    const user = await this.findById(userId);
    if (!user) throw notFound('User');
    const [active, cart, placed] = await Promise.all([
      activeAddressIdsOf(this.db, userId),
      cartLineIdsOf(this.db, userId),
      // Order numbers, newest first (docs/product.md#records orderHistory).
      orderIdsOf(this.db, userId),
    ]);
    return toPublicUser(user, { address_details: active.map((a) => a.id), shopping_cart: cart.map((c) => c.id), orderHistory: placed.map((o) => o.id) });
  }

  /** An administrator sets an account's status; anything but Active ends its sessions at once and blocks sign-in. */
  async setStatus(adminId: string, body: UserStatusBody): Promise<PublicUser> {
    if (body._id === adminId && body.status !== 'Active') throw badRequest('_id: You cannot disable your own account.', { fields: ['_id'] });
    const row = await this.db.transaction(async (tx) => {
      // Every active admin's row is locked (in one order, so two callers cannot deadlock) before counting:
      // two admins disabling each other at once are serialised, and the second sees the first's change.
      const ids = new Set(await lockActiveAdmins(tx));
      if (body.status !== 'Active' && ids.has(body._id) && ids.size <= 1)
        throw new AppError(409, ErrorCode.LastAdmin, 'This is the last active administrator: the shop needs at least one.', { fields: ['_id'] });
      // An admin disabled a moment ago by another admin no longer holds the right to disable anyone.
      if (!ids.has(adminId)) throw new AppError(403, ErrorCode.Forbidden, 'Your account is no longer an active administrator.');
      return updateUser(tx, body._id, { status: body.status });
    });
    if (!row) throw notFound('User');
    if (row.status !== 'Active') await this.tokens.revokeAllOf(row.id);
    return toPublicUser(row);
  }

  /** The image is checked and re-encoded to WebP exactly as catalogue uploads are. */
  async setAvatar(userId: string, bytes: Buffer): Promise<{ _id: string; avatar: string }> {
    const user = await this.findById(userId);
    if (!user) throw notFound('User');
    const stored = await this.files.saveImage(bytes, 'avatar');
    // The picture replaced is read under the row's lock, so two uploads racing each delete the one they replaced.
    const replaced = await this.db.transaction(async (tx) => {
      const avatar = await lockedAvatarOf(tx, userId);
      await updateUser(tx, userId, { avatar: stored.url });
      return avatar;
    });
    // It is nobody's any more (only avatars are stored under that name); a failed delete leaves a file, not an error.
    if (replaced?.startsWith('/uploads/avatar')) await this.files.removeImage(replaced).catch(() => undefined);
    return { _id: userId, avatar: stored.url };
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return userByEmail(this.db, email);
  }

  findById(id: string): Promise<UserRow | undefined> {
    return userById(this.db, id);
  }

  assertActive(user: UserRow): void {
    if (user.status !== 'Active') throw unauthorized(`Your account is ${user.status.toLowerCase()}. Please contact support.`);
  }
}
