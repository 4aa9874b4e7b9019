/**
 * The shop's delivery rule, in one place: which states it serves and in how many days, by zone. A
 * state in no zone is not served (its pincodes are known places, but the answer says "not yet").
 * State names are India Post's, as the pincode directory writes them (pincode-directory.ts).
 */
export const DELIVERY_ZONES: ReadonlyArray<{ name: string; days: number; states: readonly string[] }> = [
  { name: 'home state', days: 1, states: ['Karnataka'] },
  { name: 'south', days: 3, states: ['Tamil Nadu', 'Kerala', 'Andhra Pradesh', 'Telangana', 'Pondicherry', 'Goa'] },
  {
    name: 'rest of India',
    days: 5,
    states: [
      'Maharashtra',
      'Gujarat',
      'Delhi',
      'Haryana',
      'Punjab',
      'Chandigarh',
      'Rajasthan',
      'Uttar Pradesh',
      'Uttarakhand',
      'Himachal Pradesh',
      'Madhya Pradesh',
      'Chattisgarh',
      'Bihar',
      'Jharkhand',
      'Odisha',
      'West Bengal',
      'Dadra & Nagar Haveli',
      'Daman & Diu',
    ],
  },
  // Not served yet: the north-east, Jammu & Kashmir, Sikkim, and the islands.
];

/** The shop's calendar for "delivered by": days are counted from today there. */
export const DELIVERY_TIME_ZONE = 'Asia/Kolkata';

/** Days to deliver to a state, or null when the shop does not serve it. */
export function deliveryDaysTo(state: string): number | null {
  const wanted = state.toLowerCase();
  return DELIVERY_ZONES.find((z) => z.states.some((s) => s.toLowerCase() === wanted))?.days ?? null;
}
