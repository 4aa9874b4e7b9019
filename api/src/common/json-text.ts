/**
 * An answer already written as JSON text, its stored picture paths already public URLs: the public-URL interceptor
 * sends it as it is, without walking it or serializing it again (docs/architecture.md#answers-written-once). The
 * catalogue's reads are such answers: a product's text is written once and shared by every answer that shows it.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * The success envelope of common/envelope.ts written around data already in JSON: the same fields in the same order,
 * the extra fields beside the data.
 */
export function okText(dataJson: string, message: string, extra: Record<string, unknown> = {}): string {
  let text = `{"success":true,"error":false,"message":${JSON.stringify(message)},"data":${dataJson}`;
  for (const key in extra) if (extra[key] !== undefined) text += `,${JSON.stringify(key)}:${JSON.stringify(extra[key])}`;
  return `${text}}`;
}
