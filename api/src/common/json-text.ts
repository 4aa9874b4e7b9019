/**
 * An answer already written as JSON, in UTF-8, its stored picture paths already public URLs: the reply serializer sends
 * its bytes as they are, without walking it, serializing or encoding it again (docs/architecture.md#answers-written-once).
 * The catalogue's reads are such answers: a product's JSON is written once and shared by every answer that shows it.
 */
export class JsonText {
  constructor(readonly body: Buffer) {}
}

/**
 * Text as UTF-8 in a buffer of its own: a short one made by Buffer.from is a slice of Node's shared 8 KiB pool, which
 * one text kept for long (a product's JSON) would keep whole.
 */
export function jsonBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

const [OPEN, COMMA, CLOSE, NULL] = ['[', ',', ']', 'null'].map((text) => Buffer.from(text));

/**
 * The success envelope of common/envelope.ts written around data already in JSON (a value's, or each item's of a
 * list), as one buffer: the same fields in the same order, the extra fields beside the data.
 */
export function okJson(data: Buffer | readonly Buffer[] | null, message: string, extra: Record<string, unknown> = {}): Buffer {
  const parts: Buffer[] = [Buffer.from(`{"success":true,"error":false,"message":${JSON.stringify(message)},"data":`)];
  if (data === null) parts.push(NULL!);
  else if (Buffer.isBuffer(data)) parts.push(data);
  else {
    parts.push(OPEN!);
    data.forEach((item, i) => (i > 0 ? parts.push(COMMA!, item) : parts.push(item)));
    parts.push(CLOSE!);
  }
  let tail = '';
  for (const key in extra) if (extra[key] !== undefined) tail += `,${JSON.stringify(key)}:${JSON.stringify(extra[key])}`;
  parts.push(Buffer.from(`${tail}}`));
  return Buffer.concat(parts);
}
