import type { ErrorCode } from './error-code.js';

/** The envelope every API answer wears (docs/architecture.md "Conventions that cross the wire"). */
export interface Envelope<T = unknown> {
  success: boolean;
  error: boolean;
  message: string;
  data?: T;
}

export interface ErrorEnvelope extends Envelope<undefined> {
  success: false;
  error: true;
  /** Machine-readable code, in every error answer: what to do about it (pwa/src/lib/http/problem-reaction.ts). */
  code: ErrorCode;
  /** For validation errors: the fields at fault, e.g. ['price']. */
  fields?: string[];
}
