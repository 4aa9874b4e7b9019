import { describe, expect, it } from 'vitest';
import { ORDER_STAGES } from './order-stages.js';
import { stageNoticeKind } from './stage-notices.js';

describe('stageNoticeKind', () => {
  it("tells every stage after placement, each its own notice, but a rider assigned (the store's news)", () => {
    const kinds = ORDER_STAGES.filter((s) => s !== 'PLACED').map((stage) => stageNoticeKind('PLACED', stage, false));
    expect(kinds).toEqual(['confirmed', 'packed', 'readyForPickup', null, 'shipped', 'outForDelivery', 'delivered', 'cancelled']);
  });

  it('says nothing when the stage did not move, on placement, or for an order never placed', () => {
    expect(stageNoticeKind('SHIPPED', 'SHIPPED', false)).toBeNull();
    expect(stageNoticeKind(null, 'PLACED', false)).toBeNull();
    expect(stageNoticeKind('PLACED', 'PLACED', false)).toBeNull();
    // A card checkout abandoned at Stripe: it had no stage and expires as cancelled.
    expect(stageNoticeKind(null, 'CANCELLED', false)).toBeNull();
  });

  it('names the refund when a paid order is cancelled', () => {
    expect(stageNoticeKind('CONFIRMED', 'CANCELLED', true)).toBe('cancelledRefunded');
    expect(stageNoticeKind('CONFIRMED', 'CANCELLED', false)).toBe('cancelled');
  });
});
