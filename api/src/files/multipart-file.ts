import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../common/app-error.js';

/** Reads the multipart field `file` (at most 5 MB, enforced while streaming). */
export async function readUploadedFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('file: send the image as multipart/form-data in the field "file".', { fields: ['file'] });
  let part;
  try {
    part = await req.file();
  } catch {
    throw badRequest('file: the multipart body could not be read.', { fields: ['file'] });
  }
  if (!part || part.fieldname !== 'file') throw badRequest('file: is required (multipart field "file").', { fields: ['file'] });
  try {
    return await part.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE', 'file: must be at most 5 MB.', { fields: ['file'] });
    throw badRequest('file: the upload was interrupted.', { fields: ['file'] });
  }
}
