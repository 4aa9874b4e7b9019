import type { Envelope } from '@haat/shared/common/envelope';
import type { ErrorCode } from '@haat/shared/common/error-code';
import { PINCODE_PATH, PINCODE_PATTERN, type PincodePlace } from '@haat/shared/addresses/pincode';
import { queryOptions } from '@tanstack/react-query';
import { screenKeys } from '../query/screen-keys';
import { http } from './http';
import { problemOf } from './http-problem';

/** Where a pincode is, by the API's directory; `unreachable` (offline): a form lets the shopper type the place. */
/**
 * The directory's answer for a pincode it does not know, as sent, checked against the list of codes by its type: the
 * list itself (about 1.3 KB gzip) stays off the product page, which the precache holds (docs/benchmarks.md#first-visit-weight).
 */
const PINCODE_UNKNOWN: `${ErrorCode.PincodeUnknown}` = 'PINCODE_UNKNOWN';

export type PincodeAnswer = { kind: 'found'; place: PincodePlace } | { kind: 'unknown' } | { kind: 'invalid' } | { kind: 'unreachable' };

export async function lookupPincode(pincode: string, signal?: AbortSignal): Promise<PincodeAnswer> {
  if (!PINCODE_PATTERN.test(pincode)) return { kind: 'invalid' };
  try {
    const body = await http.get(`${PINCODE_PATH}/${pincode}`, { signal, context: { silent: true } }).json<Envelope<PincodePlace>>();
    return body.data ? { kind: 'found', place: body.data } : { kind: 'unreachable' };
  } catch (error) {
    const problem = problemOf(error);
    if (problem.code === PINCODE_UNKNOWN) return { kind: 'unknown' };
    if (problem.status === 400) return { kind: 'invalid' };
    return { kind: 'unreachable' };
  }
}

/** A pincode's place for a form to fill in; the directory does not change while the app is open. */
export const pincodeQuery = (pincode: string) =>
  queryOptions({ queryKey: screenKeys.pincode(pincode), queryFn: ({ signal }) => lookupPincode(pincode, signal), staleTime: Infinity });
