import type { Envelope } from '@haat/shared/common/envelope';

/** A success answer in the envelope every call wears. Extra fields sit beside data (e.g. totalPage). */
export function ok<T>(data: T, message = '', extra: Record<string, unknown> = {}): Envelope<T> & Record<string, unknown> {
  return { success: true, error: false, message, data, ...extra };
}
