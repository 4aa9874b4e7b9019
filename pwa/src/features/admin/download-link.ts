import type { Envelope } from '@haat/shared/common/envelope';
import type { DownloadLink, DownloadPath } from '@haat/shared/books/download-links';
import { http } from '../../lib/http/http';
import { saveFromLink } from '../../lib/ui/save-file';

/**
 * Downloads a large file (the GSTR-1, the books' exports, the catalogue) to disk as it streams: asks the server for a
 * link to exactly that file, signed for this admin for a minute, and lets the browser follow it
 * (docs/decisions/0330-books-downloads.md). A refused request (a bad period, no longer an admin) rejects, for the
 * screen to say so.
 */
export async function downloadByLink(path: DownloadPath, query: Record<string, string>, name: string): Promise<void> {
  const body = { path: `${path}?${new URLSearchParams(query).toString()}` };
  const answer = await http.post('admin/download-links', { json: body, context: { silent: true } }).json<Envelope<DownloadLink>>();
  saveFromLink(answer.data!.url, name);
}
