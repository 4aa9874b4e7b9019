import { badRequest } from '../../common/app-error.js';

/**
 * What separates a CSV's cells, told from its header row (docs/product.md#import-and-export): a comma, or a semicolon,
 * which Excel writes for "CSV" where a comma is the decimal mark (its figures are then read so: 1.299,50). A header
 * with neither, or with both outside quotes, is refused with what to do, rather than read as one column.
 */
export function csvDelimiter(bytes: Buffer): ',' | ';' {
  const end = bytes.indexOf(0x0a);
  const header = bytes
    .subarray(0, end === -1 ? Math.min(bytes.length, 64 * 1024) : end)
    .toString('utf8')
    .replace(/"[^"]*"/g, '');
  const commas = header.split(',').length - 1;
  const semicolons = header.split(';').length - 1;
  if (semicolons > 0 && commas === 0) return ';';
  if (semicolons > 0 && commas > 0 && semicolons >= commas)
    throw badRequest('file: its header row mixes commas and semicolons; save it again as CSV UTF-8 (comma delimited)', { fields: ['file'] });
  if (commas === 0 && /\t/.test(header))
    throw badRequest('file: is separated by tabs; save it as CSV UTF-8 (comma delimited) or as an Excel workbook', { fields: ['file'] });
  return ',';
}
