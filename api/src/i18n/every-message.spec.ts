import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localizeMessage } from './localize-message.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** The API's sources (not tests). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

const QUOTED = String.raw`(?:'((?:[^'\\\n]|\\.)*)'|\`((?:[^\`\\]|\\.)*)\`)`;
/** Where a message is written as a literal (or a template literal): an answer's message, an AppError and its helpers, a `message:` field. */
const MESSAGE_LITERALS = [
  new RegExp(String.raw`\b(?:badRequest|unauthorized|forbidden|conflict|unavailable)\(\s*${QUOTED}`, 'g'),
  new RegExp(String.raw`new AppError\(\s*\d+,\s*ErrorCode\.\w+,\s*${QUOTED}`, 'g'),
  new RegExp(String.raw`\bok\([^;]*?,\s*${QUOTED}`, 'g'),
  new RegExp(String.raw`\bmessage:\s*${QUOTED}`, 'g'),
  new RegExp(String.raw`\bmessage = [^;]*?${QUOTED}`, 'g'),
];

/** Answers read by programs and operators, not shoppers or admins: Stripe's webhook, metrics, the API docs, health. */
const FOR_MACHINES = new Set([
  'stripe-signature: header is missing.',
  'body: is missing.',
  'stripe-signature: webhook signature verification failed.',
  'x-hub-signature-256: webhook signature verification failed.',
  'stripe-signature: dated ahead of the tolerance zone.',
  'body: not a Stripe event of the shape the shop reads.',
  'data.object.metadata.orderId: not an order id.',
  'body: not a WhatsApp notification of the shape the shop reads.',
  'WhatsApp is not configured on this shop (no WHATSAPP_TOKEN).',
  // Meta's webhook set-up handshake: read by Meta's dashboard, never by a shopper.
  'WhatsApp is not configured on this shop (no WHATSAPP_TOKEN or WHATSAPP_VERIFY_TOKEN).',
  "hub.verify_token: not this shop's verify token.",
  'hub.challenge: missing or malformed.',
  'Stripe webhooks are not configured on this shop (no STRIPE_WEBHOOK_SECRET).',
  'metrics: send Authorization: Bearer <METRICS_TOKEN>.',
  'API is up',
  'API is ready',
  'The shop cannot serve right now: a service it needs is unreachable.',
  'Webhook received',
  'VAPID public key',
  'Public configuration',
  // A setting refused at start-up (api/src/config), in the log, never in an answer.
  'must be seconds ("900") or a duration ("30s", "15m", "1h"), from 1 s to 24 h',
  '"7" is not an origin (scheme://host[:port], nothing after)',
  'is required with FILE_STORAGE=s3',
  'is required with SMS_PROVIDER=twilio',
  'is required with WHATSAPP_TOKEN',
  'is required with the other ONDC_ variables',
  '"7" is not card or upi',
  'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
  // A buyer app's answers on ONDC (api/src/ondc): the network's messages are read by its programs and operators, in English.
  'No such order of this buyer app.',
  "Provider 7 is not this shop's.",
  'This shop takes network orders cash on delivery only.',
  'Not sold here: 7',
  'Signature refused: 7.',
  'This shop is not on ONDC.',
  'The body is missing.',
  '7 is not taken here.',
  'message is missing.',
  'The signature could not be checked now; try again.',
  'The body is not JSON.',
  '/ondc/7 is not an action of a retail seller.',
  'Item 7 is not in order 7.',
  // How parts are joined, not a message.
  '; ',
]);

/**
 * Messages whose words the code chooses inside a value (a plural ending, a sentence kept in a
 * constant): each is a template of en-IN.ts of its own (tooManyAttempts, otpUsed, otpLocked), checked
 * by i18n-keys.spec.ts.
 */
const COMPOSED = new Set(['Too many attempts. Please wait 7 second7 and try again.', 'This code was already used. 7', 'Too many wrong codes. 7']);

/**
 * The catalogue's reads keep their English label ("Product list"): nobody reads it, and they do no
 * language work (docs/decisions/0105-i18next-on-the-api-translated-at-the-answer.md).
 */
const CATALOGUE_READS = new Set([
  'Product data',
  'Category product list',
  'Product list',
  'Product details',
  'Product search result',
  'Related products',
  'Other category products',
]);

describe('every message the API writes as a literal', () => {
  const found = new Map<string, string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of MESSAGE_LITERALS)
      for (const match of text.matchAll(pattern)) {
        // A template literal is read with a number for each value (a value's text is matched by any
        // text, a count only by digits); one whose values hold template literals of their own is skipped.
        const message = match[1] ?? match[2]?.replace(/\$\{[^{}`]*\}/g, '7');
        if (!message || message.includes('${') || !/[a-z]{2}/i.test(message)) continue; // values only (`${field}: ${message}`)
        if (FOR_MACHINES.has(message) || CATALOGUE_READS.has(message) || COMPOSED.has(message)) continue;
        found.set(message, file.slice(SRC.length));
      }
  }

  it('is found (the scan reads the sources)', () => {
    expect(found.size).toBeGreaterThan(80);
  });

  it('has its Hindi in api/src/i18n (en-IN.ts and hi-IN.ts)', () => {
    const untranslated = [...found].filter(([message]) => localizeMessage(message, 'hi-IN') === message).map(([m, f]) => `${f}: ${m}`);
    expect(untranslated).toEqual([]);
  });
});
