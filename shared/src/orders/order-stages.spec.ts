import { describe, expect, it } from 'vitest';
import { furthestStage, lifecycleStage, orderGroup, type OrderStage } from './order-stages.js';

const at = (...stages: OrderStage[]) => stages.map((status, i) => ({ status, updatedAt: new Date(i * 1000).toISOString() }));

describe('order stages', () => {
  it('finds the furthest stage by order, not by time', () => {
    expect(furthestStage(at('SHIPPED', 'CONFIRMED'))).toBe('SHIPPED');
    expect(furthestStage([])).toBeNull();
  });

  it('reads an awaited card payment as no stage, and a finished payment as the end whatever the history says', () => {
    expect(lifecycleStage('AWAITING_PAYMENT', [])).toBeNull();
    expect(lifecycleStage('PAID', at('PLACED', 'SHIPPED'))).toBe('SHIPPED');
    expect(lifecycleStage('COMPLETED', at('PLACED'))).toBe('DELIVERED');
    expect(lifecycleStage('CANCELLED', at('PLACED'))).toBe('CANCELLED');
    expect(lifecycleStage('AWAITING_PAYMENT', at('CANCELLED'))).toBe('CANCELLED');
  });

  it('groups by payment status', () => {
    expect(orderGroup('COMPLETED')).toBe('completed');
    expect(orderGroup('CANCELLED')).toBe('cancelled');
    expect(orderGroup('PAID')).toBe('newPending');
  });
});
