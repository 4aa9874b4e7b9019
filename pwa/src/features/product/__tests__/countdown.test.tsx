import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { splitRemaining } from '../hooks/use-countdown';
import { OfferCountdown } from '../components/buy-box';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('offer countdown (docs/product.md#states: 24 h from page load when discounted)', () => {
  it('splits milliseconds into hours, minutes and seconds', () => {
    expect(splitRemaining(24 * 3600_000)).toEqual({ hours: 24, minutes: 0, seconds: 0, done: false });
    expect(splitRemaining(3_723_000)).toEqual({ hours: 1, minutes: 2, seconds: 3, done: false });
    expect(splitRemaining(-5)).toEqual({ hours: 0, minutes: 0, seconds: 0, done: true });
  });

  it('starts at 24:00:00 and ticks down each second', () => {
    render(<OfferCountdown discount={20} />);
    expect(screen.getByRole('timer').textContent).toContain('24h : 00m : 00s');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer').textContent).toContain('23h : 59m : 59s');
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByRole('timer').textContent).toContain('23h : 58m : 58s');
  });

  it('disappears at zero', () => {
    render(<OfferCountdown discount={20} />);
    act(() => {
      vi.advanceTimersByTime(24 * 3600_000);
    });
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('is not shown without a discount', () => {
    render(<OfferCountdown discount={0} />);
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
