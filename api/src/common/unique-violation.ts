/** The PostgreSQL unique-violation code (23505), whether the driver error is wrapped by drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
