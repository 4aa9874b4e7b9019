import type { FastifyInstance } from 'fastify';
import { JsonText } from './json-text.js';

const UPLOADS = '/uploads/';

/** A copy of `value` with every string that `rewrite` changes replaced; other values are shared, not copied. */
function mapStrings(value: unknown, rewrite: (s: string) => string | null): unknown {
  if (typeof value === 'string') return rewrite(value) ?? value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const m = mapStrings(value[i], rewrite);
      if (m !== value[i]) (out ??= value.slice())[i] = m;
    }
    return out ?? value;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    // for…in rather than Object.entries: no array per object (a search's answer has a few hundred of them);
    // a plain object's prototype has no enumerable keys, so every key seen is its own.
    for (const k in record) {
      const v = record[k];
      const m = mapStrings(v, rewrite);
      if (m !== v) (out ??= { ...record })[k] = m;
    }
    return out ?? value;
  }
  return value;
}

/** A copy of `value` whose stored picture paths (`/uploads/…`) are absolute URLs on `publicUrl`; what does not change is shared. */
export function withPublicUrls(publicUrl: string): (value: unknown) => unknown {
  const ours = `${publicUrl}${UPLOADS}`;
  return (value) => mapStrings(value, (s) => (s.startsWith(UPLOADS) ? `${ours}${s.slice(UPLOADS.length)}` : null));
}

/** The two ways of a picture path: stored (`/uploads/…`) to public (`<publicUrl>/uploads/…`) and back, on any value. */
export function publicUrls(publicUrl: string): { toAbsolute: (value: unknown) => unknown; toStored: (value: unknown) => unknown } {
  const ours = `${publicUrl}${UPLOADS}`;
  return {
    toAbsolute: withPublicUrls(publicUrl),
    toStored: (value) => mapStrings(value, (s) => (s.startsWith(ours) ? `${UPLOADS}${s.slice(ours.length)}` : null)),
  };
}

/**
 * Uploaded images are stored as paths (`/uploads/…`) so the data survives a change of address, and
 * answered as absolute URLs on PUBLIC_URL, which any client on any origin can use as they are.
 * Absolute URLs of ours sent back (an admin saving a product it loaded) are stored as paths again, before any guard,
 * pipe or handler reads the body. An answer written as JSON already (JsonText) has public URLs and goes out as its text.
 * Done in Fastify's hooks and its reply serializer rather than in a Nest interceptor: a route without interceptors
 * skips Nest's RxJS pipeline, which cost a search about 4 % of its CPU.
 */
export function answerWithPublicUrls(fastify: FastifyInstance, publicUrl: string): void {
  const { toAbsolute, toStored } = publicUrls(publicUrl);
  fastify.addHook('preValidation', (req, _reply, done) => {
    if (req.body && typeof req.body === 'object') req.body = toStored(req.body);
    done();
  });
  // A JsonText goes out as its bytes: Fastify sends a Buffer as it is (the serializer's type says string only).
  fastify.setReplySerializer((payload) => (payload instanceof JsonText ? (payload.body as unknown as string) : JSON.stringify(toAbsolute(payload))));
}
