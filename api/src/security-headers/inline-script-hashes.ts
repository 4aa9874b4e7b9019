import { createHash } from 'node:crypto';

/** `<script>` elements without a src: their text is what a CSP hash source must match. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP hash sources ('sha256-…') of every inline script in a page, read from the very HTML the
 * server sends, so the policy cannot go stale when index.html changes. The HTML parser turns CRLF and
 * CR into LF before the browser hashes a script's text, so the same is done here.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text = ''] of html.matchAll(INLINE_SCRIPT)) {
    const normalized = text.replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(normalized, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
