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

const key = (part: string) => part.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-IN');

/**
 * THE address formatter of the shop: invoices (seller and buyer), the footer, /contact and the address cards print
 * through it. Lines in the order a postman reads them: building and street; city, district, state and pincode; country.
 * A part that repeats an earlier one (a district named as its city, 'Bengaluru, Bengaluru'; a street that already ends
 * in the city) is printed once, in its place, and empty parts leave no stray comma.
 */
export function addressLines(parts: PostalParts, options: AddressLineOptions = {}): string[] {
  const seen = new Set<string>();
  // Each field may hold several comma-separated parts; keep each part the first time it is seen.
  const fresh = (text: string | null | undefined): string[] =>
    (text ?? '')
      .split(',')
      .map((p) => p.trim().replace(/\s+/g, ' '))
      .filter((p) => {
        if (!p || seen.has(key(p))) return false;
        seen.add(key(p));
        return true;
      });
  // The place first, so a street that repeats the city ('12 MG Road, Bengaluru') gives its copy up, and the city keeps its
  // place beside the pincode.
  const place = [...fresh(parts.city), ...fresh(parts.district), ...(options.withoutState ? [] : fresh(parts.state))];
  const first = [...fresh(parts.building), ...fresh(parts.street)];
  const pincode = (parts.pincode ?? '').trim();
  if (pincode && !seen.has(key(pincode))) {
    // The pincode goes beside the last part of the place ('Karnataka 560001', or 'Bengaluru 560001' without the state).
    if (place.length) place[place.length - 1] = `${place[place.length - 1]} ${pincode}`;
    else place.push(pincode);
  }
  const country = options.withoutCountry ? [] : fresh(parts.country);
  return [first.join(', '), place.join(', '), country.join(', ')].filter(Boolean);
}

/** The same address on one line, its lines joined by commas. */
export function addressText(parts: PostalParts, options: AddressLineOptions = {}): string {
  return addressLines(parts, options).join(', ');
}
