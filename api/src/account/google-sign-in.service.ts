import { Inject, Injectable, Logger } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { ErrorCode } from '@haat/shared/common/error-code';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError, unauthorized, unavailable } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import type { Language } from '@haat/shared/common/languages';
import type { TokenPair } from '../auth/index.js';
import { UsersService } from './users.service.js';
import { insertUserUnlessTaken, updateUser, userByGoogleSub, type UserRow } from '../users/index.js';

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
/** A credential proving the account owner is present (e-mail change) must be this recent. */
export const FRESH_CREDENTIAL_S = 5 * 60;

interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture: string;
  issuedAt: number;
}

/**
 * Sign-in with a Google ID token (the credential the Google button hands the PWA). The token is
 * checked here, never trusted: signature against Google's published keys (GOOGLE_JWKS_URL), issuer,
 * audience (our GOOGLE_CLIENT_ID), expiry and a verified e-mail.
 */
@Injectable()
export class GoogleSignInService {
  private readonly logger = new Logger('GoogleSignIn');
  // jose caches the key set and refetches on an unknown kid (Google rotates keys).
  private jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Db,
    private readonly users: UsersService,
  ) {}

  /** Finds the account by Google id, else by e-mail (linking it); an unknown e-mail must sign up first. */
  async login(credential: string, userAgent: string): Promise<TokenPair> {
    const identity = await this.verify(credential);
    const user = (await this.findLinked(identity)) ?? (await this.link(identity));
    if (!user) throw new AppError(404, ErrorCode.NotFound, 'No account uses this Google e-mail yet. Please sign up with Google first.');
    return this.users.signIn(user, userAgent);
  }

  /** Creates the account when the e-mail is new; an existing one is linked and signed in. */
  async register(credential: string, userAgent: string, language: Language): Promise<TokenPair> {
    const identity = await this.verify(credential);
    const user = (await this.findLinked(identity)) ?? (await this.link(identity)) ?? (await this.create(identity, language));
    return this.users.signIn(user, userAgent);
  }

  /**
   * Re-authentication for an account without a password: a Google credential issued in the last
   * five minutes for the very Google account linked to it. Throws a 400 naming `credential`.
   */
  async confirmOwner(credential: string, user: UserRow): Promise<void> {
    const identity = await this.verify(credential);
    if (!user.googleSub || identity.sub !== user.googleSub) {
      throw new AppError(400, ErrorCode.ReauthFailed, 'credential: This Google account is not the one linked to your account.', { fields: ['credential'] });
    }
    if (Date.now() / 1000 - identity.issuedAt > FRESH_CREDENTIAL_S) {
      throw new AppError(400, ErrorCode.ReauthFailed, 'credential: Please sign in with Google again; the credential is more than 5 minutes old.', {
        fields: ['credential'],
      });
    }
  }

  private async verify(credential: string): Promise<GoogleIdentity> {
    const clientId = this.config.googleClientId;
    if (!clientId) throw unavailable('Google sign-in is not configured on this server (GOOGLE_CLIENT_ID is not set).');
    this.jwks ??= createRemoteJWKSet(new URL(this.config.googleJwksUrl), { timeoutDuration: 5000 });
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(credential, this.jwks, { issuer: ISSUERS, audience: clientId, algorithms: ['RS256'] }));
    } catch (e) {
      throw this.explain(e);
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!payload.sub || !email) throw unauthorized('Google sign-in failed: the token carries no account or e-mail.');
    if (payload.email_verified !== true && payload.email_verified !== 'true') {
      throw unauthorized('Google sign-in failed: your Google e-mail address is not verified.');
    }
    const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim().slice(0, 100) : email.split('@')[0]!;
    const picture = typeof payload.picture === 'string' && /^https:\/\//.test(payload.picture) ? payload.picture.slice(0, 2048) : '';
    return { sub: payload.sub, email, name, picture, issuedAt: typeof payload.iat === 'number' ? payload.iat : 0 };
  }

  /** jose's error codes, in words a shopper (and a developer reading the log) can act on. */
  private explain(e: unknown): AppError {
    const code = (e as { code?: string }).code ?? '';
    const claim = (e as { claim?: string }).claim;
    switch (code) {
      case 'ERR_JWT_EXPIRED':
        return unauthorized('Google sign-in failed: the Google token has expired. Please try again.');
      case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
        return unauthorized(
          claim === 'aud'
            ? 'Google sign-in failed: the token was issued for another app (wrong audience).'
            : claim === 'iss'
              ? 'Google sign-in failed: the token was not issued by Google.'
              : `Google sign-in failed: the token's ${claim ?? 'claims'} could not be accepted.`,
        );
      case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      case 'ERR_JWKS_NO_MATCHING_KEY':
      case 'ERR_JOSE_ALG_NOT_ALLOWED':
        return unauthorized('Google sign-in failed: the token signature is not valid.');
      case 'ERR_JWS_INVALID':
      case 'ERR_JWT_INVALID':
      case 'ERR_JOSE_NOT_SUPPORTED':
        return unauthorized('Google sign-in failed: the credential is not a valid Google token.');
      default:
        // The key set could not be fetched or read: not the shopper's fault.
        this.logger.warn(`Google keys unavailable: ${code || (e as Error).message}`);
        return unavailable('Google sign-in is unavailable right now. Please try again later or sign in with e-mail.');
    }
  }

  private async findLinked(identity: GoogleIdentity): Promise<UserRow | undefined> {
    return userByGoogleSub(this.db, identity.sub);
  }

  /** An account with this (Google-verified) e-mail gets the Google id; one linked to another Google account is refused. */
  private async link(identity: GoogleIdentity): Promise<UserRow | undefined> {
    const user = await this.users.findByEmail(identity.email);
    if (!user) return undefined;
    if (user.googleSub && user.googleSub !== identity.sub) {
      throw unauthorized('Google sign-in failed: this e-mail is linked to a different Google account.');
    }
    return updateUser(this.db, user.id, { googleSub: identity.sub, verifyEmail: true, avatar: user.avatar || identity.picture });
  }

  private async create(identity: GoogleIdentity, language: Language): Promise<UserRow> {
    const row = await insertUserUnlessTaken(this.db, {
      id: newId(),
      name: identity.name,
      email: identity.email,
      avatar: identity.picture,
      verifyEmail: true,
      googleSub: identity.sub,
      language,
    });
    // A concurrent sign-up with the same e-mail or Google id won the race: use that account.
    const user = row ?? (await this.findLinked(identity)) ?? (await this.link(identity));
    if (!user) throw unauthorized('Google sign-in failed: the account could not be created. Please try again.');
    return user;
  }
}
