/**
 * The parts of a postal address, as the shop's own (docs/product.md#tax-invoices) and a shopper's saved one name them.
 * Any part may be missing or empty.
 */
export interface PostalParts {
  building?: string | null;
  /** The street and locality; several may come comma-separated ('80 Feet Road, Koramangala'). */
  street?: string | null;
  city?: string | null;
  district?: string | null;
  state?: string | null;
  pincode?: string | null;
  country?: string | null;
}

export interface AddressLineOptions {
  /** Leave the state out (a tax invoice prints it on its own "State:" line); the pincode stays beside the city. */
  withoutState?: boolean;
  /** Leave the country out. */
  withoutCountry?: boolean;
}

/**
 * THE address formatter of the shop: invoices (seller and buyer), the footer, /contact and the address cards print
 * through it. Lines in the order a postman reads them: building and street; city, district, state and pincode; country.
 * A part that repeats another (a district named as its city, 'Bengaluru, Bengaluru'; a street that already ends
 * in the city) is printed once, in its place, and empty parts leave no stray comma. Kept short: the footer of every
 * first visit carries it (docs/benchmarks.md#first-visit-weight).
 */
export function addressLines(parts: PostalParts, options: AddressLineOptions = {}): string[] {
  const seen = new Set<string>();
  // Each field may hold several comma-separated parts; each part is kept the first time it is seen.
  const fresh = (...texts: Array<string | null | undefined>): string[] =>
    texts
      .flatMap((text) => (text ?? '').split(','))
      .map((part) => part.trim().replace(/\s+/g, ' '))
      .filter((part) => part && !seen.has(part.toLowerCase()) && seen.add(part.toLowerCase()));
  // The place first, so a street that repeats the city ('12 MG Road, Bengaluru') gives its copy up.
  const place = fresh(parts.city, parts.district, options.withoutState ? '' : parts.state);
  const first = fresh(parts.building, parts.street);
  // The pincode goes beside the last part of the place ('Karnataka 560001', or 'Bengaluru 560001' without the state).
  const [pincode] = fresh(parts.pincode);
  if (pincode) place.push(`${place.pop() ?? ''} ${pincode}`.trim());
  return [first, place, options.withoutCountry ? [] : fresh(parts.country)].map((line) => line.join(', ')).filter(Boolean);
}

/** The same address on one line, its lines joined by commas. */
export function addressText(parts: PostalParts, options: AddressLineOptions = {}): string {
  return addressLines(parts, options).join(', ');
}
