import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuantityStepper } from '../components/quantity-stepper';
import { clampQuantity } from '../quantity';

afterEach(cleanup);

describe('quantity clamp (docs/product.md#states: 1..stock, 1 if stock unknown)', () => {
  it.each([
    [0, 5, 1],
    [-3, 5, 1],
    [3, 5, 3],
    [9, 5, 5],
    [2.7, 5, 2],
    [4, undefined, 1],
    [4, null, 1],
    [4, 0, 1],
    [Number.NaN, 5, 1],
  ])('quantity %s with stock %s becomes %s', (q, stock, expected) => {
    expect(clampQuantity(q, stock as number | undefined)).toBe(expected);
  });

  it('holds no more than the product’s most per order (10 unless set), nor more than the stock', () => {
    expect(clampQuantity(50, 40)).toBe(10);
    expect(clampQuantity(50, 40, 25)).toBe(25);
    expect(clampQuantity(50, 3, 10)).toBe(3);
    expect(clampQuantity(50, 0, 10)).toBe(1);
  });
});

function Stepper({ stock, maxPerOrder }: { stock: number; maxPerOrder?: number }) {
  const [q, setQ] = useState(1);
  return <QuantityStepper value={q} stock={stock} maxPerOrder={maxPerOrder} onChange={setQ} name="Watch" />;
}

describe('the stepper', () => {
  it('never goes below 1 or above stock, by buttons or typing', () => {
    render(<Stepper stock={3} />);
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' });
    const minus = screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity of Watch' });
    const plus = screen.getByRole<HTMLButtonElement>('button', { name: 'Increase quantity of Watch' });
    expect(minus.disabled).toBe(true);
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(input.value).toBe('3');
    expect(plus.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '40' } });
    expect(input.value).toBe('3');
    fireEvent.change(input, { target: { value: '0' } });
    expect(input.value).toBe('1');
  });

  it('clamps a typed 50 to the per-order limit when the stock is larger', () => {
    render(<Stepper stock={40} maxPerOrder={10} />);
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' });
    const plus = screen.getByRole<HTMLButtonElement>('button', { name: 'Increase quantity of Watch' });
    expect(input.max).toBe('10');
    fireEvent.change(input, { target: { value: '50' } });
    expect(input.value).toBe('10');
    expect(plus.disabled).toBe(true);
  });
});
