import type { TFunction } from '../../i18n/i18n';
import { DEFAULT_UNIT } from '@haat/shared/common/limits';
import { TEXT_RULE_MESSAGES } from '@haat/shared/common/text-rule';
import { SKU_RULE_MESSAGE } from '@haat/shared/catalog/sku';

/** The shared schemas' English rules ("must not be negative") as sentences in admin.json `form.rule.*`, with the field's label. */
const RULES: Array<[RegExp | string, string]> = [
  ['is required', 'required'],
  ['must be a number', 'number'],
  ['must be a whole number', 'wholeNumber'],
  ['must not be negative', 'notNegative'],
  ['is too large', 'tooLarge'],
  ['is too long', 'tooLong'],
  ['is repeated', 'repeated'],
  [/^must be at most (\d+) characters$/, 'maxChars'],
  [/^must be at least (\d+)$/, 'atLeast'],
  [/^must be at most (\d+)$/, 'atMost'],
  [`must be ${DEFAULT_UNIT} for a fixed product`, 'unitFixed'],
  [/^must be one of (.+) for a variable product$/, 'unitVariable'],
  [/^(has too many|has more than|needs at least)/, 'count'],
  [TEXT_RULE_MESSAGES.control, 'control'],
  [TEXT_RULE_MESSAGES.singleLine, 'singleLine'],
  [TEXT_RULE_MESSAGES.surrogate, 'surrogate'],
  [SKU_RULE_MESSAGE, 'sku'],
];

/** "Price must not be negative" / "कीमत का मान शून्य से कम नहीं हो सकता". */
export function ruleSentence(t: TFunction, field: string, message: string): string {
  for (const [rule, key] of RULES) {
    const match = typeof rule === 'string' ? (rule === message ? [message] : null) : rule.exec(message);
    if (match) return t(`admin:form.rule.${key}`, { field, n: match[1], list: match[1], rule: message });
  }
  return t('admin:form.rule.other', { field, rule: message });
}
