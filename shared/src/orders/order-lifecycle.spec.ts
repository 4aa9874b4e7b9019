import { describe, expect, it } from 'vitest';
import { ORDER_ACTORS, ORDER_TRANSITIONS, allowedTransition, isEnd, type LifecycleStage, type OrderActor } from './order-lifecycle.js';
import { ORDER_STAGES, canAdminMoveTo, canCustomerCancel, stageIndex, type OrderStage, type PaymentStatus } from './order-stages.js';

const FROM: LifecycleStage[] = [null, ...ORDER_STAGES];

/** The rules in words, written apart from the table so a wrong row shows up as a difference. */
function expected(from: LifecycleStage, to: OrderStage, actor: OrderActor): PaymentStatus | 'keep' | 'refused' {
  if (from === null) {
    if (to === 'PLACED') return actor === 'payment' ? 'PAID' : 'refused';
    if (to === 'CANCELLED') return 'CANCELLED';
    return 'refused';
  }
  if (from === 'DELIVERED' || from === 'CANCELLED') return 'refused';
  if (stageIndex(to) <= stageIndex(from)) return 'refused';
  if (actor === 'customer') return to === 'CANCELLED' ? 'CANCELLED' : 'refused';
  if (actor !== 'admin') return 'refused';
  return to === 'DELIVERED' ? 'COMPLETED' : to === 'CANCELLED' ? 'CANCELLED' : 'keep';
}

describe('the order transitions table', () => {
  const pairs = FROM.flatMap((from) => ORDER_STAGES.flatMap((to) => ORDER_ACTORS.map((actor) => [from, to, actor] as const)));

  it.each(pairs)('%s → %s by %s', (from, to, actor) => {
    const row = allowedTransition(from, to, actor);
    const want = expected(from, to, actor);
    if (want === 'refused') expect(row).toBeUndefined();
    else expect(row?.payment ?? 'keep').toBe(want);
  });

  it('has one row per move and names no one twice', () => {
    const keys = ORDER_TRANSITIONS.map((t) => `${t.from}>${t.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of ORDER_TRANSITIONS) expect(new Set(t.by).size).toBe(t.by.length);
  });

  it('ends at delivered and cancelled only', () => {
    expect(FROM.filter(isEnd)).toEqual(['DELIVERED', 'CANCELLED']);
  });

  it('gives the PWA the same answers as the table', () => {
    const history = (stage: OrderStage) => [{ status: stage, updatedAt: new Date(0).toISOString() }];
    for (const to of ORDER_STAGES) {
      expect(canAdminMoveTo('AWAITING_PAYMENT', [], to)).toBe(allowedTransition(null, to, 'admin') !== undefined);
      expect(canAdminMoveTo('CASH ON DELIVERY', history('SHIPPED'), to)).toBe(allowedTransition('SHIPPED', to, 'admin') !== undefined);
    }
    expect(canCustomerCancel('AWAITING_PAYMENT', [])).toBe(true);
    expect(canCustomerCancel('PAID', history('OUT_FOR_DELIVERY'))).toBe(true);
    expect(canCustomerCancel('COMPLETED', history('DELIVERED'))).toBe(false);
  });
});
