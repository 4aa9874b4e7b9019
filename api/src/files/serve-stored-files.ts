import { Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { answerError } from '../common/all-exceptions.filter.js';
import type { SharedFileStorage } from './storage.js';
import { uploadType } from './upload-names.js';

const logger = new Logger('HTTP');

/** What @fastify/static answers for the local folder (immutable, 365 days): names are never reused. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /uploads/<name>` from the shared table or bucket (FILE_STORAGE=postgres or s3), with the same cache
 * headers as the local files (docs/decisions/0212-pictures-every-instance-can-serve.md). A missing name,
 * or one outside the upload pattern (never read), goes to the app's 404 like a missing file does; a name is its own
 * validator, so If-None-Match answers 304 without a read. A failed read is answered as the app's filter answers any
 * route's (a lost database is a 503 with Retry-After, never the query's text): this route is Fastify's own, and
 * Fastify's default error answer would carry the query.
 */
export function serveStoredFiles(fastify: FastifyInstance, storage: SharedFileStorage): void {
  fastify.get<{ Params: { name: string } }>('/uploads/:name', async (req, reply) => {
    const { name } = req.params;
    if (!uploadType(name)) return reply.callNotFound();
    const etag = `"${name}"`;
    if (req.headers['if-none-match'] === etag) return reply.code(304).header('cache-control', IMMUTABLE).header('etag', etag).send();
    let file: Awaited<ReturnType<SharedFileStorage['read']>>;
    try {
      file = await storage.read(name);
    } catch (error) {
      return answerError(error, req, reply, logger);
    }
    if (!file) return reply.callNotFound();
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', IMMUTABLE)
      .header('etag', etag)
      .header('last-modified', file.createdAt.toUTCString())
      .send(file.bytes);
  });
}
