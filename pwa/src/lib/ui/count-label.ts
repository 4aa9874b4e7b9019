/**
 * "1 Item", "2 Items", "0 products": a count with its noun in the right number (not
 * "1 Items"). English only needs one/other; Intl.PluralRules says which, so 1.5 kg-style counts and
 * other locales stay right if the shop ever grows them.
 */
const rules = new Intl.PluralRules('en-IN');

export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${rules.select(count) === 'one' ? singular : plural}`;
}
