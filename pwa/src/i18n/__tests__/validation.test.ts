// @vitest-environment node
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NEW_PASSWORD_MISMATCH, PASSWORD_MISMATCH } from '@haat/shared/users/user.schema';
import { SELECT_RATING } from '@haat/shared/reviews/review.schema';
import { TEXT_RULE_MESSAGES } from '@haat/shared/common/text-rule';
import { NewPassword } from '@haat/shared/users/new-password';
import { unitProblem } from '@haat/shared/catalog/product-unit.rule';
import { setLanguage } from '../i18n';
import { fieldProblem, schemaText, templateOf } from '../validation';

const SHARED = fileURLToPath(new URL('../../../../shared/src', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.(spec|test)\.ts$/.test(name) ? [path] : [];
  });

/** Every message the shared schemas write as a literal: `error: '…'`, `` error: `…${x}…` `` (a value stands in for `${…}`), `message: '…'`. */
function schemaMessages(): string[] {
  const found = new Set<string>();
  for (const file of sources(SHARED)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:error|message): (?:'([^']+)'|`([^`]+)`)/g)) {
      const message = m[1] ?? m[2]!.replace(/\$\{[^}]+\}/g, '7');
      found.add(message);
    }
  }
  return [...found];
}

afterEach(() => setLanguage('en-IN', false));

describe("the schemas' messages in the shopper's language", () => {
  it('has a template for every message the shared schemas write', () => {
    const messages = [
      ...schemaMessages(),
      PASSWORD_MISMATCH,
      NEW_PASSWORD_MISMATCH,
      SELECT_RATING,
      ...Object.values(TEXT_RULE_MESSAGES),
      unitProblem('fixed', 'kg')!,
      unitProblem('variable', 'dozen')!,
    ];
    expect(messages.length).toBeGreaterThan(40);
    // Answers the server builds about itself (Idempotency-Key's "is invalid" fallback, a socket's refusal) are not a form's.
    const untemplated = messages.filter((m) => !templateOf(m) && !/^Idempotency-Key: |^is invalid$/.test(m));
    expect(untemplated).toEqual([]);
  });

  it('leaves English as the schemas wrote it', () => {
    expect(schemaText('must be at least 8 characters')).toBe('must be at least 8 characters');
    expect(fieldProblem('Password', NewPassword.safeParse('short').error!.issues[0]!.message)).toBe('Password must be at least 8 characters.');
  });

  it('renders a rule in Hindi with its values, and a whole message', async () => {
    await setLanguage('hi-IN', false);
    expect(schemaText('must be at least 8 characters')).toBe('कम से कम 8 अक्षरों का होना चाहिए');
    expect(schemaText('must be at most 2000 characters')).toBe('ज़्यादा से ज़्यादा 2000 अक्षरों का होना चाहिए');
    expect(schemaText('must be one of en-IN, hi-IN')).toBe('इनमें से एक होना चाहिए: en-IN, hi-IN');
    expect(schemaText(unitProblem('variable', 'dozen')!)).toBe('वेरिएबल प्रोडक्ट के लिए इनमें से एक होना चाहिए: kg, litre, gm, ml');
    expect(schemaText(PASSWORD_MISMATCH)).toBe('पासवर्ड और पासवर्ड की पुष्टि एक जैसे होने चाहिए');
    expect(fieldProblem('पासवर्ड', NewPassword.safeParse('').error!.issues[0]!.message)).toBe('पासवर्ड ज़रूरी है।');
    // A message no template knows: a plain Hindi "is not valid", never English in a Hindi screen.
    expect(schemaText('must rhyme')).toBe('सही नहीं है');
  });
});
