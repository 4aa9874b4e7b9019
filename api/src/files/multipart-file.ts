import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError, badRequest } from '../common/app-error.js';

const code = (e: unknown) => (e as { code?: string }).code;

/**
 * Reads the one file part of a multipart body (at most 5 MB, enforced while streaming), whatever its
 * field name: the PWA sends `file`, other clients `image` or `avatar`. Text fields beside it are ignored;
 * a second file part is a 400 (the multipart plugin is registered with `files: 1`, so it stops there).
 */
export async function readUploadedFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('file: send the image as multipart/form-data, in one file part (e.g. the field "file").', { fields: ['file'] });
  let found: { field: string; bytes: Buffer } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (found) throw tooMany(found.field);
      found = { field: part.fieldname, bytes: await part.toBuffer() };
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const field = found?.field ?? 'file';
    if (code(e) === 'FST_FILES_LIMIT') throw tooMany(field);
    if (code(e) === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, ErrorCode.FileTooLarge, `${field}: must be at most 5 MB.`, { fields: [field] });
    throw badRequest(`${field}: the multipart body could not be read or was interrupted.`, { fields: [field] });
  }
  if (!found) throw badRequest('file: is required (one file part in the multipart body, e.g. the field "file").', { fields: ['file'] });
  return found.bytes;
}

const tooMany = (first: string) =>
  new AppError(400, ErrorCode.TooManyFiles, `${first}: send exactly one file; this body has more than one file part.`, { fields: [first] });
