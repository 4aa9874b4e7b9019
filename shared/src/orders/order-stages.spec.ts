import { describe, expect, it } from 'vitest';
import { canAdminMoveTo, canCustomerCancel, furthestStage, lifecycleStage, orderGroup, type OrderStage, type PaymentStatus } from './order-stages.js';

const at = (...stages: OrderStage[]) => stages.map((status, i) => ({ status, updatedAt: new Date(i * 1000).toISOString() }));

describe('order stages', () => {
  it.each<[string, OrderStage[], PaymentStatus, OrderStage, boolean]>([
    ['first move', ['PLACED'], 'CASH ON DELIVERY', 'CONFIRMED', true],
    ['skip ahead', ['PLACED'], 'CASH ON DELIVERY', 'SHIPPED', true],
    ['same stage', ['PLACED', 'CONFIRMED'], 'CASH ON DELIVERY', 'CONFIRMED', false],
    ['backwards', ['PLACED', 'SHIPPED'], 'PAID', 'CONFIRMED', false],
    ['cancel while shipping', ['PLACED', 'SHIPPED'], 'PAID', 'CANCELLED', true],
    ['after delivered', ['PLACED', 'DELIVERED'], 'COMPLETED', 'CANCELLED', false],
    ['after cancelled', ['PLACED', 'CANCELLED'], 'CANCELLED', 'DELIVERED', false],
    ['completed payment blocks', ['PLACED'], 'COMPLETED', 'SHIPPED', false],
    ['every later stage from PLACED', ['PLACED'], 'PAID', 'OUT_FOR_DELIVERY', true],
    ['deliver straight away', ['PLACED', 'CONFIRMED'], 'CASH ON DELIVERY', 'DELIVERED', true],
    ['cancel a placed order', ['PLACED'], 'CASH ON DELIVERY', 'CANCELLED', true],
    ['PLACED again', ['PLACED'], 'CASH ON DELIVERY', 'PLACED', false],
    ['unpaid card order cannot be confirmed', [], 'AWAITING_PAYMENT', 'CONFIRMED', false],
    ['unpaid card order can be cancelled', [], 'AWAITING_PAYMENT', 'CANCELLED', true],
    ['cancelled payment blocks even with an open history', ['PLACED'], 'CANCELLED', 'SHIPPED', false],
  ])('%s', (_name, history, payment, next, allowed) => {
    expect(canAdminMoveTo(payment, at(...history), next)).toBe(allowed);
  });

  it('finds the furthest stage by order, not by time', () => {
    expect(furthestStage(at('SHIPPED', 'CONFIRMED'))).toBe('SHIPPED');
    expect(furthestStage([])).toBeNull();
  });

  it('lets customers cancel only unfinished orders', () => {
    expect(canCustomerCancel('CASH ON DELIVERY', at('PLACED', 'SHIPPED'))).toBe(true);
    expect(canCustomerCancel('COMPLETED', at('PLACED', 'DELIVERED'))).toBe(false);
    expect(canCustomerCancel('CANCELLED', at('PLACED', 'CANCELLED'))).toBe(false);
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
