import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata, UseGuards, applyDecorators } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DOWNLOAD_LINK_SECONDS, DOWNLOADS, LINK_PARAMS, type DownloadLink, type DownloadPath } from '@haat/shared/books/download-links';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { invalidField, unauthorized } from '../common/app-error.js';
import { describeIssues } from '../common/zod-body.pipe.js';
import { userById } from '../users/index.js';
import type { AuthUser } from './auth-user.js';
import { JwtAuthGuard, ROLES, RolesGuard } from './guards.js';

/**
 * Short-lived links to one download each (docs/decisions/0330-books-downloads.md). A screen cannot put a bearer token
 * on a link the browser follows, and fetching the file in a script holds all of it in memory; so the admin's screen
 * asks for a link to exactly the file (path and query), signed for that admin for a minute, and opens it with
 * `<a download>`: the browser streams the answer to disk. The HMAC (SHA-256, a key derived from the access tokens'
 * secret, so every instance checks what any signed) covers the path, the query, the admin and the expiry; a link
 * changed by a byte, expired, or of someone who is no longer an active admin is refused.
 */
@Injectable()
export class DownloadLinks {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DB) private readonly db: Db,
  ) {
    this.key = createHmac('sha256', config.jwtAccessSecret).update('haat download links').digest();
  }

  /** A link to `path` (with its query, checked as the download checks it) for `adminId`, working for DOWNLOAD_LINK_SECONDS. */
  sign(path: string, adminId: string, now = Date.now()): DownloadLink {
    const [route, search = ''] = path.split('?', 2) as [DownloadPath, string?];
    const query = new URLSearchParams(search);
    for (const p of LINK_PARAMS) if (query.has(p)) throw invalidField('path', `must not carry ${p} (the link adds it)`);
    const parsed = DOWNLOADS[route].safeParse(Object.fromEntries(query));
    if (!parsed.success) throw invalidField('path', describeIssues(parsed.error).message);
    const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_SECONDS;
    query.set('by', adminId);
    query.set('expires', String(expires));
    query.set('signature', this.mac(`${route}?${query.toString()}`));
    return { url: `${route}?${query.toString()}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** The admin a request's signed link is for, or a 401 naming why the link does not work. */
  async admit(url: string, now = Date.now()): Promise<AuthUser> {
    const [route = '', search = ''] = url.split('?', 2);
    const query = new URLSearchParams(search);
    const signature = query.get('signature') ?? '';
    query.delete('signature');
    const expected = Buffer.from(this.mac(`${route}?${query.toString()}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw unauthorized('This download link is not valid: download again from the screen.');
    if (Number(query.get('expires')) * 1000 <= now) throw unauthorized('This download link has expired: download again from the screen.');
    const user = await userById(this.db, query.get('by') ?? '');
    if (!user || user.status !== 'Active') throw unauthorized('This download link is not valid: download again from the screen.');
    return { id: user.id, role: user.role === 'ADMIN' ? 'ADMIN' : 'USER', sid: '' };
  }

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }
}

/** A signed link's admin (see DownloadLinks) when the request carries `signature`, else the bearer token's user. */
@Injectable()
export class SignedLinkOrTokenGuard implements CanActivate {
  private readonly token = new JwtAuthGuard();

  constructor(private readonly links: DownloadLinks) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser; query: Record<string, unknown> }>();
    if (req.query.signature === undefined) return (await this.token.canActivate(context)) as boolean;
    req.user = await this.links.admit(req.url);
    return true;
  }
}

/**
 * `@AdminDownload()`: a file for administrators, by bearer token or by a signed link (DownloadLinks); the role is
 * checked on every request either way. The route must be one of DOWNLOADS.
 */
export const AdminDownload = () => applyDecorators(SetMetadata(ROLES, ['ADMIN']), UseGuards(SignedLinkOrTokenGuard, RolesGuard));
