/**
 * `describe` for a suite that needs outside servers named by environment variables (CI sets them all).
 * When one is missing the suite is not silently dropped: a suite whose title says "skipped: X is not set"
 * is registered with one skipped test naming what it needs, and the reason is printed. Jest then counts
 * it as skipped, and a file never ends up with no test at all ("must contain at least one test").
 */
export function describeWhenEnv(names: readonly string[], title: string, body: () => void): void {
  const missing = names.filter((name) => !process.env[name]);
  if (missing.length === 0) {
    describe(title, body);
    return;
  }
  const reason = `skipped: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set`;
  describe(`${title} (${reason})`, () => {
    it.skip(`needs ${names.join(' and ')} (CI sets them; see the README quick start)`, () => undefined);
  });
  console.warn(`${title}: ${reason}; set ${names.join(' and ')} to run it.`);
}
