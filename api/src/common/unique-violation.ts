/** The PostgreSQL unique-violation code (23505), whether the driver error is wrapped by drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * The check constraint a statement ran into (PostgreSQL 23514), whether the driver error is wrapped by
 * drizzle or not; null for any other error. Limits kept by a row's check (an account's hold, a coupon's
 * uses) are told apart by it.
 */
export function violatedCheck(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | undefined;
  if ((e?.code ?? e?.cause?.code) !== '23514') return null;
  return e?.constraint ?? e?.cause?.constraint ?? null;
}
