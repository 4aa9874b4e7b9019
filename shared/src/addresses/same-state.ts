/**
 * Whether two spellings name the same state or union territory: case, spacing and "&" against "and" aside,
 * and the older names India Post's directory still uses (Chattisgarh, Pondicherry, Orissa) or a merged
 * territory's parts. Ladakh's pincodes are listed under Jammu & Kashmir, so a typed Ladakh agrees with them.
 */
export function sameState(a: string, b: string): boolean {
  return canonical(a) === canonical(b);
}

const norm = (s: string) => s.trim().replace(/&/g, ' and ').replace(/\s+/g, ' ').toLowerCase();

const ALIASES: Record<string, string> = {
  chattisgarh: 'chhattisgarh',
  pondicherry: 'puducherry',
  orissa: 'odisha',
  uttaranchal: 'uttarakhand',
  'dadra and nagar haveli': 'dadra and nagar haveli and daman and diu',
  'daman and diu': 'dadra and nagar haveli and daman and diu',
  ladakh: 'jammu and kashmir',
  'nct of delhi': 'delhi',
  'andaman and nicobar': 'andaman and nicobar islands',
};

function canonical(state: string): string {
  const n = norm(state);
  return ALIASES[n] ?? n;
}
