import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@haat/shared/common/error-code';
import { LIMITS } from '@haat/shared/common/limits';
import { AppError } from './app-error.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * True when the JSON text in `body` opens more than `max` objects or arrays inside one another.
 * One pass over the bytes, no recursion and no parse: braces inside strings do not count, and no
 * byte of a multi-byte UTF-8 character can be mistaken for one of the ASCII bytes looked at. Text
 * that is not valid JSON is left for the parser to refuse.
 */
export function nestedDeeperThan(body: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const b = body[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) depth--;
  }
  return false;
}

export const bodyTooDeep = () =>
  new AppError(400, ErrorCode.BodyTooDeep, `body: is nested deeper than ${LIMITS.jsonBodyMaxDepth} levels of objects and arrays`, { fields: ['body'] });

/**
 * The parser of every JSON body (docs/decisions/0047-bad-text-and-cheap-requests.md):
 * Fastify's bodyLimit has already bounded its size (413 past 1 MB) before this runs; here its depth
 * is bounded before JSON.parse, so nothing after (the upload-URL interceptor, zod, a service) ever
 * walks a body deep enough to exhaust the stack. The parse itself is Fastify's (prototype poisoning
 * refused as before).
 */
export function jsonBodyParser(fastify: FastifyInstance) {
  const { onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig as {
    onProtoPoisoning?: 'error' | 'remove' | 'ignore';
    onConstructorPoisoning?: 'error' | 'remove' | 'ignore';
  };
  const parse = fastify.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  return (req: FastifyRequest, body: Buffer, done: (err: Error | null, body?: unknown) => void): void => {
    if (nestedDeeperThan(body, LIMITS.jsonBodyMaxDepth)) {
      done(bodyTooDeep());
      return;
    }
    // Typed for a string; it reads the Buffer Nest hands every parser just as it does in Nest's own.
    void parse(req, body as unknown as string, done);
  };
}
