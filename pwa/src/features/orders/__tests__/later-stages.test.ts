import { describe, expect, it } from 'vitest';
import type { StatusHistoryEntry } from '@haat/shared/orders/order-stages';
import { laterStages } from '../components/stage-mover';

const at = (...stages: StatusHistoryEntry['status'][]): StatusHistoryEntry[] =>
  stages.map((status, i) => ({ status, updatedAt: `2025-01-0${i + 1}T00:00:00.000Z` }));

describe('laterStages (docs/product.md#states: only stages later than the furthest reached)', () => {
  it('offers every later stage of a placed order', () => {
    expect(laterStages('CASH ON DELIVERY', at('PLACED'))).toEqual(['CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELLED']);
  });
  it("offers a dark store's order Packed where the warehouse's is offered Shipped", () => {
    expect(laterStages('CASH ON DELIVERY', at('PLACED'), 'store')).toEqual(['CONFIRMED', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELLED']);
    expect(laterStages('CASH ON DELIVERY', at('PLACED', 'PACKED'), 'store')).toEqual(['OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELLED']);
  });
  it('counts from the furthest stage, not the last entry', () => {
    expect(laterStages('CASH ON DELIVERY', at('PLACED', 'SHIPPED'))).toEqual(['OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELLED']);
  });
  it('offers nothing once the order is COMPLETED or CANCELLED', () => {
    expect(laterStages('COMPLETED', at('PLACED', 'DELIVERED'))).toEqual([]);
    expect(laterStages('CANCELLED', at('PLACED', 'CANCELLED'))).toEqual([]);
  });
  it('lets a card order still awaiting payment only be cancelled', () => {
    expect(laterStages('AWAITING_PAYMENT', [])).toEqual(['CANCELLED']);
  });
});
