import { describe, expect, it } from 'vitest';
import { ORDER_STAGES } from './order-stages.js';
import { stageNotice } from './stage-notices.js';

describe('stageNotice', () => {
  it('tells every stage after placement, once, and names the order', () => {
    for (const stage of ORDER_STAGES.filter((s) => s !== 'PLACED')) {
      const notice = stageNotice('ORD-1', 'PLACED', stage, null);
      expect(notice, stage).not.toBeNull();
      expect(notice!.body).toContain('ORD-1');
    }
  });

  it('says nothing when the stage did not move, on placement, or for an order never placed', () => {
    expect(stageNotice('ORD-1', 'SHIPPED', 'SHIPPED', null)).toBeNull();
    expect(stageNotice('ORD-1', null, 'PLACED', null)).toBeNull();
    expect(stageNotice('ORD-1', 'PLACED', 'PLACED', null)).toBeNull();
    // A card checkout abandoned at Stripe: it had no stage and expires as cancelled.
    expect(stageNotice('ORD-1', null, 'CANCELLED', null)).toBeNull();
  });

  it('names the refund when a paid order is cancelled', () => {
    expect(stageNotice('ORD-1', 'CONFIRMED', 'CANCELLED', 1234.5)!.body).toBe('Order ORD-1 was cancelled. ₹1,234.50 is being refunded to your card.');
    expect(stageNotice('ORD-1', 'CONFIRMED', 'CANCELLED', null)!.body).toBe('Order ORD-1 was cancelled.');
  });
});
