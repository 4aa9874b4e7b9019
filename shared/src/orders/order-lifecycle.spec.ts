import { describe, expect, it } from 'vitest';
import {
  ORDER_ACTORS,
  ORDER_KINDS,
  ORDER_PROCESS,
  allowedMove,
  factsOfOrder,
  kindMoves,
  kindOf,
  movesFor,
  orderSteps,
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
  return { fulfilment: kind === 'express' ? 'store' : kind === 'pickup' ? 'pickup' : 'warehouse', paymentStatus: payment, statusHistory: at(...path) };
}

const sorted = <T>(xs: T[]) => [...xs].sort();

describe('the order process, its fulfilment and payment read together', () => {
  const cases = ORDER_KINDS.flatMap((kind) =>
    (kind === 'awaitingCard' || kind === 'upiProcessing' ? [null] : ORDER_STAGES).flatMap((from) => ORDER_ACTORS.map((actor) => [kind, from, actor] as const)),
  );

  it.each(cases)('%s at %s, by %s: the moves the rules in words give', (kind, from, actor) => {
    const order = orderOf(kind, from);
    expect(kindOf(order)).toBe(kind);
    const offered = movesFor(order, actor).map((m) => `${m.to}:${m.payment ?? 'keep'}`);
    expect(sorted(offered)).toEqual(sorted(expectedMoves(kind, from, actor).map((m) => `${m.to}:${m.payment}`)));
  });

  it('refuses a store order its courier moves and a courier order its store moves', () => {
    expect(allowedMove(orderOf('express', 'PLACED'), 'SHIPPED', 'admin')).toBeUndefined();
    expect(allowedMove(orderOf('courier', 'PLACED'), 'PACKED', 'admin')).toBeUndefined();
    expect(movesFor(orderOf('courier', 'PLACED'), 'store')).toEqual([]);
    expect(stagesFor(orderOf('express', 'CONFIRMED'), 'store')).toEqual(['PACKED', 'AGENT_ASSIGNED', 'OUT_FOR_DELIVERY', 'DELIVERED']);
  });

  it('has one row per move and asker in each process and names no one twice', () => {
    for (const way of ORDER_PROCESS.fulfilment) {
      const keys = way.moves.flatMap((t) => t.by.map((by) => `${t.from}>${t.to}:${by}`));
      expect(new Set(keys).size).toBe(keys.length);
    }
    const payment = ORDER_PROCESS.payment.flatMap((t) => (t.by ?? [t.on]).map((by) => `${t.from}>${t.to}:${by}`));
    expect(new Set(payment).size).toBe(payment.length);
    expect([...ORDER_KINDS].sort()).toEqual(['awaitingCard', 'courier', 'express', 'pickup', 'upiProcessing']);
  });

  it('names every effect on a row: a placed order leaves the shelf only where its way says', () => {
    const effectsOf = (kind: OrderKind, from: OrderStage, to: OrderStage) =>
      kindMoves(orderOf(kind, from)).find((m) => m.from === from && m.to === to)?.effects;
    expect(effectsOf('express', 'PLACED', 'PACKED')).toEqual([]);
    expect(effectsOf('express', 'PACKED', 'OUT_FOR_DELIVERY')).toEqual(['fulfilStock']);
    // A rider assigned has not taken the parcel yet: it leaves the shelf when it rides out, and comes back if cancelled.
    expect(effectsOf('express', 'PACKED', 'AGENT_ASSIGNED')).toEqual([]);
    expect(effectsOf('express', 'AGENT_ASSIGNED', 'OUT_FOR_DELIVERY')).toEqual(['fulfilStock']);
    expect(effectsOf('express', 'AGENT_ASSIGNED', 'CANCELLED')).toEqual(['releaseStock', 'releaseCoupon']);
    expect(effectsOf('courier', 'CONFIRMED', 'SHIPPED')).toEqual(['fulfilStock']);
    expect(effectsOf('courier', 'SHIPPED', 'CANCELLED')).toEqual(['returnToOrigin', 'releaseCoupon']);
    // A cash order is invoiced when it is handed over; a paid one was invoiced when its payment arrived.
    expect(effectsOf('courier', 'OUT_FOR_DELIVERY', 'DELIVERED')).toEqual(['fulfilStock', 'invoice']);
    const paid: OrderFacts = { ...orderOf('courier', 'PLACED'), paymentStatus: 'PAID' };
    expect(allowedMove(paid, 'CANCELLED', 'customer')?.effects).toEqual(['releaseStock', 'creditNote', 'refund', 'releaseCoupon']);
    expect(allowedMove(orderOf('awaitingCard', null), 'PLACED', 'payment')?.effects).toEqual(['endUnpaidHold', 'clearCart', 'invoice', 'placed']);
    expect(allowedMove(orderOf('awaitingCard', null), 'CANCELLED', 'timer')?.effects).not.toContain('closeSession');
    expect(allowedMove(orderOf('awaitingCard', null), 'CANCELLED', 'customer')?.effects).toContain('closeSession');
  });

  it('shows each kind the steps its rows reach', () => {
    expect(orderSteps('store')).toEqual(['PLACED', 'CONFIRMED', 'PACKED', 'AGENT_ASSIGNED', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    expect(orderSteps('warehouse')).toEqual(['PLACED', 'CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    expect(orderSteps(undefined)).toEqual(orderSteps('warehouse'));
    expect(orderSteps('pickup')).toEqual(['PLACED', 'PACKED', 'READY_FOR_PICKUP', 'DELIVERED']);
  });

  it('never ships a pickup order nor sends it out, and hands it over only against its code', () => {
    for (const from of ORDER_STAGES) {
      const order = orderOf('pickup', from);
      for (const actor of ORDER_ACTORS) {
        expect(stagesFor(order, actor)).not.toContain('SHIPPED');
        expect(stagesFor(order, actor)).not.toContain('OUT_FOR_DELIVERY');
      }
    }
    const handOver = allowedMove(orderOf('pickup', 'READY_FOR_PICKUP'), 'DELIVERED', 'store');
    expect(handOver).toMatchObject({ guard: 'pickupCode', payment: 'COMPLETED', effects: ['fulfilStock', 'invoice'] });
    expect(allowedMove(orderOf('pickup', 'PACKED'), 'READY_FOR_PICKUP', 'store')?.effects).toEqual(['issuePickupCode']);
    // The clock cancels only what waits at the counter; what it held comes back to sale.
    expect(allowedMove(orderOf('pickup', 'PACKED'), 'CANCELLED', 'timer')).toBeUndefined();
    expect(allowedMove(orderOf('pickup', 'READY_FOR_PICKUP'), 'CANCELLED', 'timer')?.effects).toEqual(['releaseStock', 'releaseCoupon']);
    expect(kindOf(orderOf('pickup', 'PLACED'))).toBe('pickup');
  });

  it('keeps a buyer app’s prepaid order apart from a card order: placed paid, invoiced when delivered, never refunded by the shop', () => {
    const network: OrderFacts = { ...orderOf('express', 'PLACED'), paymentStatus: 'PAID', paymentMethod: 'NETWORK' };
    expect(kindOf(network)).toBe('express');
    expect(allowedMove(network, 'DELIVERED', 'store')).toMatchObject({ payment: 'COMPLETED', effects: ['fulfilStock', 'invoice'] });
    expect(allowedMove(network, 'CANCELLED', 'customer')).toMatchObject({ payment: 'CANCELLED', effects: ['releaseStock', 'releaseCoupon'] });
    const card: OrderFacts = { ...network, paymentMethod: 'CARD' };
    expect(allowedMove(card, 'CANCELLED', 'customer')?.effects).toEqual(['releaseStock', 'creditNote', 'refund', 'releaseCoupon']);
    expect(kindOf(factsOfOrder({ fulfilment: 'store', payment_status: 'PAID', payment_method: 'NETWORK', statusHistory: at('PLACED') }))).toBe('express');
  });

  it('reads the wire order as the stored row: a UPI payment in processing is its own kind', () => {
    const wire = { fulfilment: 'store' as const, payment_status: 'AWAITING_PAYMENT' as const, payment_processing: true, statusHistory: [] };
    expect(kindOf(factsOfOrder(wire))).toBe('upiProcessing');
    expect(kindOf(factsOfOrder({ ...wire, payment_processing: undefined }))).toBe('awaitingCard');
    expect(kindOf(factsOfOrder({ ...wire, payment_status: 'PAID', statusHistory: at('PLACED') }))).toBe('express');
  });

  it("names every stage a way reaches in ONDC's words, as the log validation utility's routing rules allow", () => {
    // The states the utility's fulfilmentStates forbid per routing (P2P: hyperlocal; P2H2P: through hubs).
    const forbidden = {
      P2P: ['Out-for-pickup', 'Pickup-failed', 'In-transit', 'At-destination-hub', 'Out-for-delivery', 'Delivery-failed'],
      P2H2P: ['At-pickup', 'At-delivery'],
    };
    for (const way of ORDER_PROCESS.fulfilment) {
      for (const stage of orderSteps(way.fulfilment)) expect(way.network.states[stage], `${way.way} at ${stage}`).toBeDefined();
      expect(way.network.states.CANCELLED).toBe('Cancelled');
      const said = Object.values(way.network.states);
      if (way.network.routing) for (const state of forbidden[way.network.routing]) expect(said).not.toContain(state);
    }
    const express = ORDER_PROCESS.fulfilment.find((w) => w.way === 'express')!.network;
    expect([express.type, express.routing]).toEqual(['Delivery', 'P2P']);
    expect(orderSteps('store').map((stage) => express.states[stage])).toEqual([
      'Pending',
      'Pending',
      'Packed',
      'Agent-assigned',
      'Order-picked-up',
      'Order-delivered',
    ]);
    const pickup = ORDER_PROCESS.fulfilment.find((w) => w.way === 'pickup')!.network;
    expect(pickup.type).toBe('Self-Pickup');
    expect(orderSteps('pickup').map((stage) => pickup.states[stage])).toEqual(['Pending', 'Packed', 'Packed', 'Order-picked-up']);
  });
});
