import { describe, expect, it } from 'vitest';
import {
  ORDER_ACTORS,
  ORDER_KINDS,
  ORDER_PROCESS,
  allowedMove,
  factsOfOrder,
  movesFor,
  orderSteps,
  processOf,
  stagesFor,
  type LifecycleStage,
  type OrderFacts,
  type OrderKind,
} from './order-lifecycle.js';
import { expectedMoves } from './order-process-in-words.js';
import { ORDER_STAGES, type OrderStage, type PaymentStatus } from './order-stages.js';

const at = (...stages: OrderStage[]) => stages.map((status, i) => ({ status, updatedAt: new Date(i * 1000).toISOString() }));

/** An order of `kind` standing at `from`, as the stored row or the wire would give it. */
function orderOf(kind: OrderKind, from: LifecycleStage): OrderFacts {
  if (kind === 'awaitingCard' || kind === 'upiProcessing') {
    return { fulfilment: 'warehouse', paymentStatus: 'AWAITING_PAYMENT', paymentProcessing: kind === 'upiProcessing', statusHistory: [] };
  }
  const payment: PaymentStatus = from === 'DELIVERED' ? 'COMPLETED' : from === 'CANCELLED' ? 'CANCELLED' : 'CASH ON DELIVERY';
  const path: OrderStage[] = from === 'PLACED' || from === null ? ['PLACED'] : ['PLACED', from];
  return { fulfilment: kind === 'express' ? 'store' : 'warehouse', paymentStatus: payment, statusHistory: at(...path) };
}

const sorted = <T>(xs: T[]) => [...xs].sort();

describe('the order process, one row set per kind', () => {
  const cases = ORDER_KINDS.flatMap((kind) =>
    (kind === 'awaitingCard' || kind === 'upiProcessing' ? [null] : ORDER_STAGES).flatMap((from) => ORDER_ACTORS.map((actor) => [kind, from, actor] as const)),
  );

  it.each(cases)('%s at %s, by %s: the moves the rules in words give', (kind, from, actor) => {
    const order = orderOf(kind, from);
    expect(processOf(order).kind).toBe(kind);
    const offered = movesFor(order, actor).map((m) => `${m.to}:${m.payment ?? 'keep'}`);
    expect(sorted(offered)).toEqual(sorted(expectedMoves(kind, from, actor).map((m) => `${m.to}:${m.payment}`)));
  });

  it('refuses a store order its courier moves and a courier order its store moves', () => {
    expect(allowedMove(orderOf('express', 'PLACED'), 'SHIPPED', 'admin')).toBeUndefined();
    expect(allowedMove(orderOf('courier', 'PLACED'), 'PACKED', 'admin')).toBeUndefined();
    expect(movesFor(orderOf('courier', 'PLACED'), 'store')).toEqual([]);
    expect(stagesFor(orderOf('express', 'CONFIRMED'), 'store')).toEqual(['PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED']);
  });

  it('has one row per move in each kind and names no one twice', () => {
    for (const process of ORDER_PROCESS) {
      const keys = process.moves.map((t) => `${t.from}>${t.to}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const t of process.moves) expect(new Set(t.by).size).toBe(t.by.length);
    }
    expect(ORDER_PROCESS.map((p) => p.kind).sort()).toEqual([...ORDER_KINDS].sort());
  });

  it('shows each kind the steps its rows reach', () => {
    expect(orderSteps('store')).toEqual(['PLACED', 'CONFIRMED', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    expect(orderSteps('warehouse')).toEqual(['PLACED', 'CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    expect(orderSteps(undefined)).toEqual(orderSteps('warehouse'));
  });

  it('reads the wire order as the stored row: a UPI payment in processing is its own kind', () => {
    const wire = { fulfilment: 'store' as const, payment_status: 'AWAITING_PAYMENT' as const, payment_processing: true, statusHistory: [] };
    expect(processOf(factsOfOrder(wire)).kind).toBe('upiProcessing');
    expect(processOf(factsOfOrder({ ...wire, payment_processing: undefined })).kind).toBe('awaitingCard');
    expect(processOf(factsOfOrder({ ...wire, payment_status: 'PAID', statusHistory: at('PLACED') })).kind).toBe('express');
  });
});
