import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderProgress } from '../components/order-progress';
import { relativeTime } from '../components/order-card';

afterEach(cleanup);

const at = (status: string) => ({ status, updatedAt: '2026-01-01T00:00:00.000Z' }) as never;
const classes = () => screen.getAllByRole('listitem').map((li) => [li.textContent, li.className.replace('order-progress__step', '').trim()]);

describe('order progress (docs/product.md#states)', () => {
  it('highlights stages in the history and the lines up to the furthest one', () => {
    render(<OrderProgress history={[at('PLACED'), at('SHIPPED')]} />);
    expect(classes()).toEqual([
      ['Placed', 'is-reached'],
      ['Confirmed', 'has-line'], // not reached itself, but a later stage was
      ['Shipped', 'is-reached has-line'],
      ['Out for delivery', ''],
      ['Delivered', ''],
    ]);
  });

  it("walks a dark store's order through Packed, not Shipped, and shows a stage the warehouse's order reached off its steps", () => {
    render(<OrderProgress history={[at('PLACED'), at('PACKED')]} fulfilment="store" />);
    expect(classes().map(([label]) => label)).toEqual(['Placed', 'Confirmed', 'Packed', 'Rider assigned', 'Out for delivery', 'Delivered']);
    cleanup();
    render(<OrderProgress history={[at('PLACED'), at('PACKED')]} fulfilment="warehouse" />);
    expect(classes().map(([label]) => label)).toEqual(['Placed', 'Confirmed', 'Packed', 'Shipped', 'Out for delivery', 'Delivered']);
  });

  it('ends a cancelled order at Cancelled', () => {
    render(<OrderProgress history={[at('PLACED'), at('CANCELLED')]} />);
    expect(classes().map(([label]) => label)).toEqual(['Placed', 'Cancelled']);
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-08T11:00:00Z', '2 days ago'],
    ['2026-03-10T11:00:00Z', '1 hour ago'],
    ['2026-03-10T11:58:30Z', '1 minute ago'],
    ['2026-03-10T11:59:55Z', '5 seconds ago'],
  ])('%s reads "%s"', (iso, text) => expect(relativeTime(iso, now)).toBe(text));
});
