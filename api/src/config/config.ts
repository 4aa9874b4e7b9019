import { LIMITS } from '@haat/shared/common/limits';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEMO_SHOP, type ShopIdentity } from '@haat/shared/contact/support-contact';
import { addressText } from '@haat/shared/addresses/address-lines';
import { gstinProblem } from '@haat/shared/invoices/gstin';

/**
 * argon2id's cost: the default is OWASP's recommended minimum; PASSWORD_HASH_MEMORY_KIB /
 * PASSWORD_HASH_PASSES change it (users/password.ts hashes with it).
 */
export interface PasswordHashCost {
  memoryKib: number;
  passes: number;
}

export const OWASP_MINIMUM_COST: PasswordHashCost = { memoryKib: 19456, passes: 2 };

const EnvFields = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Behind a load balancer: true, a hop count or the proxies' addresses; then X-Forwarded-For names the client. */
  TRUST_PROXY: z.string().default('false'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Where uploaded pictures live: the data folder, the shared database, or an S3-compatible bucket (docs/decisions/0212-pictures-every-instance-can-serve.md). */
  FILE_STORAGE: z.enum(['local', 'postgres', 's3']).default('local'),
  /** With FILE_STORAGE=s3: the bucket's server (unset = Amazon S3 itself), its name and region, and keys (unset = the SDK's usual AWS_* sources). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name: 3–63 lowercase letters, digits, dots or hyphens' })
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: what MinIO and most local servers need. Default: on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  REDIS_URL: z.string().url().optional(),
  /** Starts every Redis key and channel of this shop; default: `haat:` + the id stored in the shop's database. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: 'must be 1–64 letters, digits, or _ . : -' })
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_ACCESS_SECRET: z.string().min(16).optional(),
  JWT_REFRESH_SECRET: z.string().min(16).optional(),
  /** How long an access token (and a socket opened with it) lives: seconds ("900") or a duration ("30s", "15m", "1h"). */
  ACCESS_TOKEN_TTL: z
    .string()
    .default('15m')
    .transform((v, ctx) => {
      const m = /^(\d+)\s*(s|m|h)?$/.exec(v.trim());
      const seconds = m ? Number(m[1]) * { s: 1, m: 60, h: 3600 }[(m[2] ?? 's') as 's' | 'm' | 'h'] : NaN;
      if (!(seconds >= 1 && seconds <= 24 * 3600)) {
        ctx.addIssue({ code: 'custom', message: 'must be seconds ("900") or a duration ("30s", "15m", "1h"), from 1 s to 24 h' });
        return z.NEVER;
      }
      return seconds;
    }),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  CATALOG_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Haat <no-reply@haat.local>'),
  SUPPORT_EMAIL: z.string().email().default(DEMO_SHOP.email),
  /** The support desk's phone and WhatsApp (a mobile number) in the footer and on /contact. */
  SUPPORT_PHONE: z.string().trim().min(3).max(30).default(DEMO_SHOP.phone),
  SUPPORT_WHATSAPP: z.string().trim().min(3).max(30).default(DEMO_SHOP.whatsappNumber),
  /**
   * The seller on tax invoices (docs/product.md#tax-invoices), and the address of the footer, /contact and the FAQ
   * (docs/decisions/0300-one-shop-identity.md); the defaults are the demo shop's.
   */
  SHOP_LEGAL_NAME: z.string().trim().min(1).max(200).default(DEMO_SHOP.legalName),
  SHOP_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((gstin, ctx) => {
      const problem = gstinProblem(gstin);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .default(DEMO_SHOP.gstin),
  /** Building, street and locality. Set without SHOP_CITY and SHOP_PINCODE it is the whole address, as it once was. */
  SHOP_ADDRESS: z.string().trim().min(1).max(300).optional(),
  SHOP_CITY: z.string().trim().max(60).optional(),
  SHOP_PINCODE: z
    .string()
    .trim()
    .regex(/^[1-9]\d{5}$/, { error: 'must be a six-digit pincode' })
    .optional(),
  SHOP_STATE: z.string().trim().min(1).max(60).default(DEMO_SHOP.address.state),
  /**
   * Digits a product's HSN code needs: 4, or 6 for a shop whose turnover last year was above ₹5 crore
   * (Notification 78/2020-Central Tax; docs/product.md#tax-invoices).
   */
  SHOP_HSN_DIGITS: z
    .enum(['4', '6'], { error: 'must be 4 or 6' })
    .default('4')
    .transform((v) => Number(v) as 4 | 6),
  /** Days after delivery a shopper may ask for a return (docs/product.md#returns). */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Text messages (sign-in codes): `twilio` sends through Twilio's Messages API; unset = each message is a file in $DATA_DIR/sms. */
  SMS_PROVIDER: z.enum(['twilio']).optional(),
  SMS_TWILIO_ACCOUNT_SID: z.string().optional(),
  SMS_TWILIO_AUTH_TOKEN: z.string().optional(),
  /** The sender: a Twilio number in E.164, an approved sender id, or a Messaging Service SID (MG…). */
  SMS_FROM: z.string().optional(),
  /** Twilio's API root; tests point it at a local stand-in. */
  SMS_API_BASE: z.string().url().default('https://api.twilio.com'),
  /**
   * The shop's budget of texts (sign-in and proving codes) an hour and a day, all numbers together: past it a send
   * answers 429; from 80 % of either the logs warn and haat_sms_budget_near says 1 (docs/product.md#rules-and-limits).
   */
  SMS_BUDGET_PER_HOUR: z.coerce.number().int().min(1).default(300),
  SMS_BUDGET_PER_DAY: z.coerce.number().int().min(1).default(2000),
  /**
   * Selling on ONDC (docs/product.md#selling-on-ondc): the shop's subscriber id and unique key id in the registry, its
   * Ed25519 signing key (base64 of libsodium's 64-byte secret key: seed, then public key), and the registry's lookup
   * URL. All four, or none: without them the network endpoints answer 503.
   */
  ONDC_SUBSCRIBER_ID: z.string().trim().min(3).max(200).optional(),
  ONDC_UNIQUE_KEY_ID: z.string().trim().min(1).max(200).optional(),
  ONDC_SIGNING_PRIVATE_KEY: z
    .string()
    .trim()
    .refine((v) => Buffer.from(v, 'base64').length === 64, { error: "must be base64 of libsodium's 64-byte Ed25519 secret key (seed, then public key)" })
    .optional(),
  ONDC_REGISTRY_URL: z.string().url().optional(),
  /**
   * Where a buyer app pays the shop for prepaid network orders (it collects the money, then settles): the account's
   * number, IFSC and bank. Unset: network orders are cash on delivery only.
   */
  ONDC_SETTLEMENT_ACCOUNT_NO: z
    .string()
    .trim()
    .regex(/^[0-9]{9,18}$/, { error: 'must be a bank account number (9–18 digits)' })
    .optional(),
  ONDC_SETTLEMENT_IFSC: z
    .string()
    .trim()
    .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, { error: 'must be an IFSC (4 letters, 0, 6 letters or digits)' })
    .optional(),
  ONDC_SETTLEMENT_BANK: z.string().trim().min(2).max(100).optional(),
  /** WhatsApp order updates through the WhatsApp Cloud API (docs/decisions/0282-order-updates-on-whatsapp.md); unset = no such option. */
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  /** The Meta app's secret: a webhook (a shopper's STOP) is taken only with its X-Hub-Signature-256. */
  WHATSAPP_APP_SECRET: z.string().optional(),
  /** The word Meta's webhook set-up sends back (GET hub.verify_token) to prove the callback URL is this shop's. */
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  /** The approved template each update is sent as: body parameters {{1}} the order number, {{2}} the update. */
  WHATSAPP_TEMPLATE: z.string().default('order_update'),
  WHATSAPP_API_BASE: z.string().url().default('https://graph.facebook.com/v21.0'),
  /**
   * The job queue (docs/architecture.md#jobs: notices, imports, every kind): the first retry's wait, doubled at each
   * try up to an hour, until JOB_GIVE_UP_AFTER_MS after the job was queued; then it is recorded as failed. Each JOB_*
   * variable may also be given by its older NOTICE_* name.
   */
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(1).optional(),
  NOTICE_RETRY_BASE_MS: z.coerce.number().int().min(1).default(10_000),
  JOB_GIVE_UP_AFTER_MS: z.coerce.number().int().min(1).optional(),
  NOTICE_GIVE_UP_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60 * 60 * 1000),
  /** How long an instance holds a job it took without renewing it: one that dies holding it gives it up to another after this. */
  JOB_LEASE_MS: z.coerce.number().int().min(20_000).optional(),
  NOTICE_LEASE_MS: z.coerce.number().int().min(20_000).default(60_000),
  /**
   * Bulk tries (a restock's or a price drop's fan-out) all instances together start a second at most (0: as fast as
   * they can), counted in Redis when REDIS_URL is set, else per instance: a big fan-out then leaves the shop its CPU.
   */
  JOB_SENDS_PER_SECOND: z.coerce.number().int().min(0).optional(),
  NOTICE_SENDS_PER_SECOND: z.coerce.number().int().min(0).default(40),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  /**
   * What the hosted checkout offers (docs/decisions/0051-card-payments-and-refunds.md): a comma list of `card` and `upi`,
   * passed as the session's payment_method_types; unset = the methods turned on in the Stripe Dashboard, named "Pay Online".
   */
  STRIPE_PAYMENT_METHODS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const methods = (v ?? '')
        .split(',')
        .map((m) => m.trim().toLowerCase())
        .filter(Boolean);
      for (const m of methods) if (m !== 'card' && m !== 'upi') ctx.addIssue({ code: 'custom', message: `"${m}" is not card or upi` });
      return [...new Set(methods)] as Array<'card' | 'upi'>;
    }),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:support@haat.local'),
  /** Extra CA certificates (PEM file) trusted for push services; tests use it for a self-signed local endpoint. */
  PUSH_CA_FILE: z.string().optional(),
  /** Hosts (`host` or `host:port`, comma-separated) push subscriptions may point to besides the browsers' push services. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  PWA_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'log', 'debug']).default('log'),
  /**
   * argon2id's cost for new password hashes: OWASP's recommended minimum unless set. The test apps
   * lower it (docs/testing.md); a shop should never go below the default.
   */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(OWASP_MINIMUM_COST.memoryKib),
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(100).default(OWASP_MINIMUM_COST.passes),
  /** Rate limits are on by default; tests that are not about limits may raise them. */
  RATE_LIMIT_FACTOR: z.coerce.number().min(1).default(1),
  /** Units one account may hold in unpaid, unshipped orders (cash on delivery, card payments awaited), against hoarding. */
  HOLD_LIMIT_UNITS: z.coerce.number().int().min(1).max(1_000_000).default(LIMITS.maxUnitsHeldPerAccount),
  /**
   * The hold of an account whose e-mail is not verified (docs/product.md#rules-and-limits): free accounts are cheap to
   * make, so they may hold fewer units until their owner opens a link mailed to them. 0 turns the rule off.
   */
  UNVERIFIED_HOLD_LIMIT_UNITS: z.coerce.number().int().min(0).max(1_000_000).default(LIMITS.maxUnitsHeldUnverified),
  /** PostgreSQL statement_timeout of catalogue searches; one past it answers 503 + Retry-After. */
  CATALOG_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(3000),
  /** PostgreSQL connections of the main pool (carts, orders, accounts…), and of the named statements' pool (docs/architecture.md#caches-batches-pools-and-plans); searches have their own below. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL connections kept for product searches, apart from the main pool (see docs/decisions/0037-search-engine.md). */
  CATALOG_SEARCH_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  /** PostgreSQL connections kept for the admin's reports (the overview), apart from the main pool. */
  REPORT_POOL_SIZE: z.coerce.number().int().min(1).max(20).default(2),
  /** How long a client may take to send a whole request (headers and body), and to stay idle. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Bearer token for GET /api/metrics; unset = no metrics endpoint (404). */
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** Other origins whose pages may call the API and socket.io (comma-separated); unset = same origin only. */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const item of (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const url = URL.canParse(item) ? new URL(item) : null;
        if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin (scheme://host[:port], nothing after)` });
          continue;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
});

/** Settings that only make sense together. */
const Env = EnvFields.superRefine((env, ctx) => {
  if (env.FILE_STORAGE === 's3' && !env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required with FILE_STORAGE=s3' });
  if (env.SMS_PROVIDER === 'twilio')
    for (const name of ['SMS_TWILIO_ACCOUNT_SID', 'SMS_TWILIO_AUTH_TOKEN', 'SMS_FROM'] as const)
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with SMS_PROVIDER=twilio' });
  if (env.WHATSAPP_TOKEN)
    for (const name of ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET'] as const)
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with WHATSAPP_TOKEN' });
  const ondc = ['ONDC_SUBSCRIBER_ID', 'ONDC_UNIQUE_KEY_ID', 'ONDC_SIGNING_PRIVATE_KEY', 'ONDC_REGISTRY_URL'] as const;
  if (ondc.some((name) => env[name]))
    for (const name of ondc) if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with the other ONDC_ variables' });
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    });
});

export type AppConfig = ReturnType<typeof buildConfig>;

/** The shop's identity from its settings: SHOP_ADDRESS alone (no SHOP_CITY, SHOP_PINCODE) is a whole address, as it once was. */
function shopIdentity(env: z.infer<typeof Env>): ShopIdentity {
  const demoAddress = env.SHOP_ADDRESS === undefined;
  return {
    legalName: env.SHOP_LEGAL_NAME,
    gstin: env.SHOP_GSTIN,
    address: {
      street: env.SHOP_ADDRESS ?? DEMO_SHOP.address.street,
      city: env.SHOP_CITY ?? (demoAddress ? DEMO_SHOP.address.city : ''),
      state: env.SHOP_STATE,
      pincode: env.SHOP_PINCODE ?? (demoAddress ? DEMO_SHOP.address.pincode : ''),
    },
    phone: env.SUPPORT_PHONE,
    whatsappNumber: env.SUPPORT_WHATSAPP,
    email: env.SUPPORT_EMAIL,
  };
}

function buildConfig(env: z.infer<typeof Env>, secrets: Secrets) {
  const dataDir = resolve(env.DATA_DIR);
  const shop = shopIdentity(env);
  return {
    port: env.PORT,
    host: env.HOST,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    /** Settled before any Redis connection opens: REDIS_PREFIX, else `haat:` + the shop's id (redis/redis-prefix.ts). */
    redisPrefix: explicitRedisPrefix(env.REDIS_PREFIX),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    jwtAccessSecret: env.JWT_ACCESS_SECRET ?? secrets.jwtAccessSecret,
    jwtRefreshSecret: env.JWT_REFRESH_SECRET ?? secrets.jwtRefreshSecret,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    seed: env.SEED,
    catalogSize: env.CATALOG_SIZE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    returnWindowDays: env.RETURN_WINDOW_DAYS,
    shop,
    // The seller as tax documents print it: the state stands on its own "State:" line, so the address leaves it out.
    seller: { legalName: shop.legalName, gstin: shop.gstin, address: addressText(shop.address, { withoutState: true }), state: shop.address.state },
    hsnDigits: env.SHOP_HSN_DIGITS,
    googleClientId: env.GOOGLE_CLIENT_ID,
    googleJwksUrl: env.GOOGLE_JWKS_URL,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: env.STRIPE_API_BASE,
    stripePaymentMethods: env.STRIPE_PAYMENT_METHODS,
    vapidPublicKey: env.VAPID_PUBLIC_KEY,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY,
    vapidSubject: env.VAPID_SUBJECT,
    pushCaFile: env.PUSH_CA_FILE,
    pushServiceHosts: env.PUSH_SERVICE_HOSTS,
    pwaDist: resolve(env.PWA_DIST ?? new URL('../../../pwa/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL,
    passwordHashCost: { memoryKib: env.PASSWORD_HASH_MEMORY_KIB, passes: env.PASSWORD_HASH_PASSES },
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    holdLimitUnits: env.HOLD_LIMIT_UNITS,
    /** The unverified accounts' hold, never above holdLimitUnits (equal to it when the rule is off). */
    unverifiedHoldLimitUnits: env.UNVERIFIED_HOLD_LIMIT_UNITS === 0 ? env.HOLD_LIMIT_UNITS : Math.min(env.UNVERIFIED_HOLD_LIMIT_UNITS, env.HOLD_LIMIT_UNITS),
    catalogQueryTimeoutMs: env.CATALOG_QUERY_TIMEOUT_MS,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    catalogSearchPoolSize: env.CATALOG_SEARCH_POOL_SIZE,
    reportPoolSize: env.REPORT_POOL_SIZE,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    corsOrigins: env.CORS_ORIGINS,
    metricsToken: env.METRICS_TOKEN,
    uploadsDir: join(dataDir, 'uploads'),
    fileStorage: env.FILE_STORAGE,
    s3: {
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET ?? '',
      region: env.S3_REGION,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
    },
    mailDir: join(dataDir, 'mail'),
    smsDir: join(dataDir, 'sms'),
    jobs: {
      retryBaseMs: env.JOB_RETRY_BASE_MS ?? env.NOTICE_RETRY_BASE_MS,
      giveUpAfterMs: env.JOB_GIVE_UP_AFTER_MS ?? env.NOTICE_GIVE_UP_AFTER_MS,
      leaseMs: env.JOB_LEASE_MS ?? env.NOTICE_LEASE_MS,
      sendsPerSecond: env.JOB_SENDS_PER_SECOND ?? env.NOTICE_SENDS_PER_SECOND,
    },
    ondc: ondcConfig(env),
    whatsapp: {
      enabled: Boolean(env.WHATSAPP_TOKEN),
      token: env.WHATSAPP_TOKEN ?? '',
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? '',
      appSecret: env.WHATSAPP_APP_SECRET ?? '',
      verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? '',
      template: env.WHATSAPP_TEMPLATE,
      apiBase: env.WHATSAPP_API_BASE.replace(/\/$/, ''),
    },
    sms: {
      provider: env.SMS_PROVIDER,
      accountSid: env.SMS_TWILIO_ACCOUNT_SID ?? '',
      authToken: env.SMS_TWILIO_AUTH_TOKEN ?? '',
      from: env.SMS_FROM ?? '',
      apiBase: env.SMS_API_BASE.replace(/\/$/, ''),
      budget: { perHour: env.SMS_BUDGET_PER_HOUR, perDay: env.SMS_BUDGET_PER_DAY },
    },
  };
}

/** The shop as an ONDC seller app: null when the ONDC_ variables are unset (the network endpoints answer 503). */
function ondcConfig(env: z.infer<typeof Env>) {
  if (!env.ONDC_SUBSCRIBER_ID || !env.ONDC_UNIQUE_KEY_ID || !env.ONDC_SIGNING_PRIVATE_KEY || !env.ONDC_REGISTRY_URL) return null;
  const secret = Buffer.from(env.ONDC_SIGNING_PRIVATE_KEY, 'base64');
  return {
    subscriberId: env.ONDC_SUBSCRIBER_ID,
    uniqueKeyId: env.ONDC_UNIQUE_KEY_ID,
    /** The 32-byte seed and public key of the secret key. */
    signingSeed: secret.subarray(0, 32),
    signingPublicKey: secret.subarray(32, 64),
    registryUrl: env.ONDC_REGISTRY_URL,
    /** The shop's account buyer apps settle prepaid orders to; null: cash on delivery only. */
    settlement:
      env.ONDC_SETTLEMENT_ACCOUNT_NO && env.ONDC_SETTLEMENT_IFSC
        ? { accountNo: env.ONDC_SETTLEMENT_ACCOUNT_NO, ifsc: env.ONDC_SETTLEMENT_IFSC, bank: env.ONDC_SETTLEMENT_BANK ?? '', beneficiary: env.SHOP_LEGAL_NAME }
        : null,
  };
}

export type OndcConfig = NonNullable<ReturnType<typeof ondcConfig>>;

/**
 * REDIS_PREFIX said outright, ending in ':'; without it, undefined until the Redis module reads the
 * shop's id from its database (redis/redis-prefix.ts, docs/decisions/0048-several-instances.md).
 */
function explicitRedisPrefix(explicit: string | undefined): string | undefined {
  if (!explicit) return undefined;
  return explicit.endsWith(':') ? explicit : `${explicit}:`;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

interface Secrets {
  jwtAccessSecret: string;
  jwtRefreshSecret: string;
}

/** Secrets not given in the environment are generated once and kept in $DATA_DIR. */
function loadSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (saved.jwtAccessSecret && saved.jwtRefreshSecret) return saved as Secrets;
  }
  const secrets = { jwtAccessSecret: randomBytes(48).toString('base64url'), jwtRefreshSecret: randomBytes(48).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export class ConfigError extends Error {}

/** The one place that reads the environment. Fails fast, naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const dataDir = resolve(parsed.data.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return buildConfig(parsed.data, loadSecrets(dataDir));
}

export const APP_CONFIG = Symbol('APP_CONFIG');
