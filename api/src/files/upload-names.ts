import { extname } from 'node:path';

/** The picture types an uploads folder may hold, by extension (what uploads:move copies and `/uploads/` serves). */
export const UPLOAD_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/**
 * A name the shop could have stored: what FilesService writes (`<prefix><id>-large.webp`) and what an
 * older uploads folder holds (letters, digits, `.`, `_`, `-`, a picture extension). Anything else, a NUL
 * byte or a path, is no stored name: a 404 before any read (docs/decisions/0212-pictures-every-instance-can-serve.md).
 */
const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The content type of a stored name, or undefined when `name` is outside the upload pattern. */
export function uploadType(name: string): string | undefined {
  return UPLOAD_NAME.test(name) ? UPLOAD_TYPES[extname(name).toLowerCase()] : undefined;
}
