import { Controller, HttpCode, Post } from '@nestjs/common';
import { DownloadLinkBody, type DownloadLink } from '@haat/shared/books/download-links';
import { ZBody } from '../common/zod-body.pipe.js';
import { ok } from '../common/envelope.js';
import type { AuthUser } from './auth-user.js';
import { DownloadLinks } from './download-links.js';
import { Auth, CurrentUser } from './guards.js';

/** Signed download links for the admin's screens (docs/decisions/0330-books-downloads.md), administrators only. */
@Controller('admin/download-links')
export class DownloadLinksController {
  constructor(private readonly links: DownloadLinks) {}

  /** A link to one file (its path and query, checked as the download checks them), for this admin, for a minute. */
  @Post()
  @HttpCode(200)
  @Auth('ADMIN')
  create(@ZBody(DownloadLinkBody) body: DownloadLinkBody, @CurrentUser() admin: AuthUser) {
    return ok<DownloadLink>(this.links.sign(body.path, admin.id), 'Download link');
  }
}
