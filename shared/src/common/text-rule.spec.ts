import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PlainText, TEXT_RULE_MESSAGES } from './text-rule.js';
import { Text } from './fields.js';

const issue = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('the text rule', () => {
  it('accepts ordinary text in any script, emoji (paired surrogates) included', () => {
    for (const s of ['Masala Chips', 'मसाला चिप्स', 'Crème brûlée 🍮', '½ kg', 'a\u00A0b', '']) expect(issue(PlainText(), s)).toBeNull();
  });

  it('refuses NUL, other C0/C1 controls and DEL everywhere', () => {
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000B', '\u001B', '\u007F', '\u0085', '\u009F']) {
      expect(issue(PlainText(), `a${c}b`)).toBe(TEXT_RULE_MESSAGES.singleLine);
      expect(issue(PlainText({ multiline: true }), `a${c}b`)).toBe(TEXT_RULE_MESSAGES.control);
    }
  });

  it('allows tab and line breaks only in multi-line text', () => {
    for (const c of ['\t', '\n', '\r']) {
      expect(issue(PlainText(), `a${c}b`)).toBe(TEXT_RULE_MESSAGES.singleLine);
      expect(issue(PlainText({ multiline: true }), `a${c}b`)).toBeNull();
    }
  });

  it('refuses lone surrogates, high or low, at any position', () => {
    for (const s of ['\uD800', 'a\uD83D', '\uDC00a', 'x\uDE00y', '\uDE00\uD83D']) expect(issue(PlainText(), s)).toBe(TEXT_RULE_MESSAGES.surrogate);
  });

  it('is what Text() uses, before trimming hides nothing', () => {
    expect(issue(Text(50), 'Asha\u0000')).toBe(TEXT_RULE_MESSAGES.singleLine);
    expect(Text(50).parse('  Asha  ')).toBe('Asha');
    expect(issue(Text(50, { multiline: true }), 'line 1\nline 2')).toBeNull();
  });
});
