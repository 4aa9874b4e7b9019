import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { ImportJobStatus, ImportReport } from '@haat/shared/catalog/catalog-import';
import { http } from '../../lib/http/http';
import { adminKeys } from '../../lib/query/admin-keys';

/** docs/product.md#catalogue-in-bulk: the admin's import, export and template calls. Silent: this screen words failures. */
export const bulkApi = {
  file: (path: string) => http.get(path, { cache: 'no-store', timeout: 600_000, context: { silent: true } }).blob(),
  send: (dryRun: boolean, file: File, pictures: File | null) => {
    const body = new FormData();
    body.append('file', file);
    if (pictures) body.append('pictures', pictures);
    return http
      .post(`admin/catalog/import${dryRun ? '?dryRun=1' : ''}`, { body, timeout: 300_000, context: { silent: true } })
      .json<ImportReport | { jobId: string }>();
  },
  job: (jobId: string, signal?: AbortSignal) =>
    http.get(`admin/catalog/import/${encodeURIComponent(jobId)}`, { cache: 'no-store', signal }).json<ImportJobStatus>(),
};

/** A job's progress, read every second while it runs (and until its first answer). */
export const catalogImportJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: adminKeys.catalogImport(jobId),
    queryFn: ({ signal }) => bulkApi.job(jobId, signal),
    refetchInterval: (q) => (q.state.data?.state === 'running' || !q.state.data ? 1000 : false),
  });

/** A file sent to import (an online write, lib/query/server-write.ts): checked only (`dryRun`), or applied; the page says a refusal under its field. */
export const catalogImportWrite = () =>
  mutationOptions({ mutationFn: ({ dryRun, file, pictures }: { dryRun: boolean; file: File; pictures: File | null }) => bulkApi.send(dryRun, file, pictures) });
