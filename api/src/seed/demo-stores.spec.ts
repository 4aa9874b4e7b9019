import { deliveryDaysTo } from '@haat/shared/addresses/delivery-zones';
import { placeOf } from '../addresses/index.js';
import { DEMO_STORES } from './demo-stores.js';

describe('the demo stores', () => {
  it('serve pincodes India Post lists, in their own state, inside the delivery zones, each pincode once', () => {
    const served = DEMO_STORES.flatMap((s) => s.servesPincodes);
    expect(new Set(served).size).toBe(served.length);
    for (const store of DEMO_STORES) {
      expect(store.servesPincodes).toContain(store.pincode);
      for (const pincode of [store.pincode, ...store.servesPincodes]) {
        const place = placeOf(pincode);
        expect({ pincode, listed: place?.state }).toEqual({ pincode, listed: store.state });
        expect({ pincode, days: deliveryDaysTo({ pincode, state: place!.state }) }).not.toEqual({ pincode, days: null });
      }
    }
  });
});
