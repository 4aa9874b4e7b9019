import type { HttpProblem } from '../../../lib/http/http-problem';
import { i18n } from '../../../i18n/i18n';

/** docs/product.md#rules-and-limits: a new review starts at 5 stars on a scale of 1 to 5. */
export const DEFAULT_RATING = 5;
export const MAX_RATING = 5;

const TEXTS = ['submitted', 'submitFailed', 'mustLogIn', 'selectRating', 'deleted', 'deleteFailed', 'accessDenied', 'offline', 'offlineDelete'] as const;

/** docs/product.md#errors texts, plus the offline case, in one place for the form and its tests; in the current language. */
export const REVIEW_TEXT = Object.defineProperties(
  {} as Record<(typeof TEXTS)[number], string>,
  Object.fromEntries(TEXTS.map((key) => [key, { get: () => i18n.t(`product:review.${key}`), enumerable: true }])),
);

/** Why the form may not be sent as it stands, checked in a fixed order; null when it may. */
export function reviewBlocker(input: { signedIn: boolean; online: boolean; rating: number }): string | null {
  if (!input.signedIn) return REVIEW_TEXT.mustLogIn;
  if (!input.rating) return REVIEW_TEXT.selectRating;
  if (!input.online) return REVIEW_TEXT.offline;
  return null;
}

/** A star clicked: that rating, or none (0) when it was already the rating, so a shopper can clear it. */
export function nextRating(current: number, clicked: number): number {
  return clicked === current ? 0 : Math.min(Math.max(Math.round(clicked), 1), MAX_RATING);
}

/** The toast after a refused or failed submit: the server's reason when it gave one the shopper can act on. */
export function submitFailure(problem: HttpProblem): string {
  if (problem.status === 0) return REVIEW_TEXT.offline;
  if (problem.status === 401) return REVIEW_TEXT.mustLogIn;
  if (problem.status >= 400 && problem.status < 500 && problem.status !== 403 && problem.body?.message)
    return `${REVIEW_TEXT.submitFailed}: ${problem.message}`;
  return REVIEW_TEXT.submitFailed;
}

/** The toast after a failed delete: 401/403 mean this user may not delete reviews. */
export function deleteFailure(problem: HttpProblem): string {
  if (problem.status === 0) return REVIEW_TEXT.offlineDelete;
  if (problem.status === 401 || problem.status === 403) return REVIEW_TEXT.accessDenied;
  return REVIEW_TEXT.deleteFailed;
}
