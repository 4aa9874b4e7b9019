import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
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

/**
 * Uploaded images are stored as paths (`/uploads/…`) so the data survives a change of address, and
 * answered as absolute URLs on PUBLIC_URL, which any client on any origin can use as they are.
 * Absolute URLs of ours sent back (an admin saving a product it loaded) are stored as paths again.
 * An answer written as JSON already (JsonText) has public URLs and goes out as its text.
 */
export class PublicUrlsInterceptor implements NestInterceptor {
  private readonly ours: string;

  constructor(publicUrl: string) {
    this.ours = `${publicUrl}${UPLOADS}`;
    this.toAbsolute = withPublicUrls(publicUrl);
  }

  readonly toAbsolute: (value: unknown) => unknown;

  toStored = (value: unknown): unknown => mapStrings(value, (s) => (s.startsWith(this.ours) ? `${UPLOADS}${s.slice(this.ours.length)}` : null));

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<{ body?: unknown }>();
    if (req.body && typeof req.body === 'object') req.body = this.toStored(req.body);
    return next.handle().pipe(
      map((answer) => {
        if (!(answer instanceof JsonText)) return this.toAbsolute(answer);
        context.switchToHttp().getResponse<FastifyReply>().header('content-type', 'application/json; charset=utf-8');
        return answer.text;
      }),
    );
  }
}
