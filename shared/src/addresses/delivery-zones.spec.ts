import { describe, expect, it } from 'vitest';
import { DELIVERY_ZONES, deliveryDateAfter, deliveryDaysRange, deliveryDaysTo, expectedDeliveryDate, type DeliveryZone } from './delivery-zones.js';

describe('the demo delivery zones (docs/product.md#delivery)', () => {
  it('promise Bengaluru in 1 day, the rest of Karnataka in 2, the south in 3 and the rest of the mainland in 5', () => {
    expect(deliveryDaysTo({ pincode: '560001', state: 'Karnataka' })).toBe(1);
    expect(deliveryDaysTo({ pincode: '570001', state: 'Karnataka' })).toBe(2);
    expect(deliveryDaysTo({ pincode: '600001', state: 'Tamil Nadu' })).toBe(3);
    expect(deliveryDaysTo({ pincode: '110001', state: 'Delhi' })).toBe(5);
    expect(deliveryDaysTo({ pincode: '400001', state: 'Maharashtra' })).toBe(5);
  });

  it('do not serve South Andaman (744101), Shillong (793001), Srinagar or a place with no state', () => {
    expect(deliveryDaysTo({ pincode: '744101', state: 'Andaman & Nicobar Islands' })).toBeNull();
    expect(deliveryDaysTo({ pincode: '793001', state: 'Meghalaya' })).toBeNull();
    expect(deliveryDaysTo({ pincode: '190001', state: 'Jammu & Kashmir' })).toBeNull();
    expect(deliveryDaysTo({ pincode: '744101' })).toBeNull();
    expect(deliveryDaysTo({})).toBeNull();
  });

  it('read a state whatever its case and spacing, and a pincode with a space in it', () => {
    expect(deliveryDaysTo({ state: '  tamil nadu ' })).toBe(3);
    expect(deliveryDaysTo({ pincode: '560 034' })).toBe(1);
  });

  it('range from 1 to 5 days', () => {
    expect(deliveryDaysRange()).toEqual({ fastest: 1, slowest: 5 });
  });
});

describe('a configured rule', () => {
  const zones: DeliveryZone[] = [
    { name: 'state', days: 4, states: ['Kerala'] },
    { name: 'city', days: 2, pincodePrefixes: ['68'] },
    { name: 'one office', days: 1, pincodePrefixes: ['682001'] },
    { name: 'island', days: null, pincodePrefixes: ['6825'] },
  ];

  it('takes the longest pincode prefix, then the state', () => {
    expect(deliveryDaysTo({ pincode: '682001', state: 'Kerala' }, zones)).toBe(1);
    expect(deliveryDaysTo({ pincode: '682002', state: 'Kerala' }, zones)).toBe(2);
    expect(deliveryDaysTo({ pincode: '670001', state: 'Kerala' }, zones)).toBe(4);
  });

  it('carves out a prefix that is not served from a served state', () => {
    expect(deliveryDaysTo({ pincode: '682551', state: 'Kerala' }, zones)).toBeNull();
  });

  it('ranges over the served zones only', () => {
    expect(deliveryDaysRange(zones)).toEqual({ fastest: 1, slowest: 4 });
  });
});

describe('the expected date', () => {
  it("counts days on the shop's calendar (Asia/Kolkata), not UTC's", () => {
    // 20:00 UTC on 24 Nov is already 25 Nov in India.
    expect(deliveryDateAfter(1, new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-26');
    expect(deliveryDateAfter(1, new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-25');
    expect(deliveryDateAfter(5, new Date('2026-12-29T10:00:00Z'))).toBe('2027-01-03');
  });

  it('is null where the shop does not deliver', () => {
    const at = new Date('2026-11-24T10:00:00Z');
    expect(expectedDeliveryDate({ pincode: '744101', state: 'Andaman & Nicobar Islands' }, at)).toBeNull();
    expect(expectedDeliveryDate({ pincode: '560001', state: 'Karnataka' }, at)).toBe('2026-11-25');
  });

  it('every demo zone has days or is explicitly not served', () => {
    for (const zone of DELIVERY_ZONES) expect(zone.days === null || (Number.isInteger(zone.days) && zone.days > 0)).toBe(true);
  });
});
