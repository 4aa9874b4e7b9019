import { z } from 'zod';
import { CatalogFileQuery } from '../catalog/catalog-import.js';
import { Gstr1Query } from '../gst/gstr1.schema.js';
import { ExportQuery } from './export.schema.js';

/**
 * The files an admin downloads through a signed link, so the browser streams them to disk instead of a script holding
 * them (docs/decisions/0330-books-downloads.md): each route with the query it takes, checked when the link is signed.
 */
export const DOWNLOADS = {
  '/api/admin/gst/gstr1': Gstr1Query,
  '/api/admin/orders/export': ExportQuery,
  '/api/admin/stock/ledger': ExportQuery,
  '/api/admin/catalog/export': CatalogFileQuery,
} as const satisfies Record<string, z.ZodType>;
export type DownloadPath = keyof typeof DOWNLOADS;

/** How long a signed link works, in seconds: long enough to start the download it was asked for, no longer. */
export const DOWNLOAD_LINK_SECONDS = 60;

/** The query parameters a signed link adds: whose it is, when it ends (seconds since 1970), its HMAC. */
export const LINK_PARAMS = ['by', 'expires', 'signature'] as const;

/** POST /api/admin/download-links: the download's path and query, as the file would be fetched (`/api/admin/…?…`). */
export const DownloadLinkBody = z.object({
  path: z
    .string({ error: 'is required' })
    .max(2000, { error: 'must be at most 2000 characters' })
    .refine((p) => p.split('?')[0]! in DOWNLOADS, { error: `must be one of ${Object.keys(DOWNLOADS).join(', ')}` }),
});
export type DownloadLinkBody = z.infer<typeof DownloadLinkBody>;

/** The signed link: a path on the API, with its query and the link's parameters, and when it stops working (ISO). */
export interface DownloadLink {
  url: string;
  expiresAt: string;
}
