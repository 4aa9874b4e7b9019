import { z } from 'zod';

/**
 * The one rule every text field of every request follows. Refused, with a message naming the field:
 * - NUL and the other C0 control characters, DEL and the C1 controls (U+0080–U+009F): PostgreSQL
 *   cannot store NUL at all, and the rest are never typed into a form;
 * - tab, line feed and carriage return, except in multi-line text (descriptions, comments);
 * - a lone UTF-16 surrogate: not a character, and not storable (JSON columns refuse it outright).
 * Passwords are not text in this sense (any character a person can type is allowed there) and do
 * not use this rule.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_RULE_MESSAGES = {
  control: 'must not contain control characters (such as NUL)',
  singleLine: 'must be one line without control characters (such as NUL, tab or line breaks)',
  surrogate: 'must be valid text (it holds a broken character: a lone surrogate)',
} as const;

export function PlainText(options: { multiline?: boolean; error?: string } = {}) {
  const forbidden = options.multiline ? CONTROL : CONTROL_OR_LINE_BREAK;
  return z
    .string({ error: options.error ?? 'must be text' })
    .refine((s) => !LONE_SURROGATE.test(s), { error: TEXT_RULE_MESSAGES.surrogate, abort: true })
    .refine((s) => !forbidden.test(s), { error: options.multiline ? TEXT_RULE_MESSAGES.control : TEXT_RULE_MESSAGES.singleLine, abort: true });
}
