import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrolledPast, useInfiniteScroll } from '../use-infinite-scroll';

describe('scrolledPast (docs/product.md#rules-and-limits threshold 0.8)', () => {
  it('is true once the bottom of the viewport passes 80% of the page', () => {
    expect(scrolledPast(0.8, 0, 800, 2000)).toBe(false); // 40%
    expect(scrolledPast(0.8, 799, 800, 2000)).toBe(false); // 79.95%
    expect(scrolledPast(0.8, 800, 800, 2000)).toBe(true); // 80%
  });
});

function Feed({ onMore, hasMore, busy }: { onMore: () => void; hasMore: boolean; busy: boolean }) {
  const sentinel = useInfiniteScroll(onMore, hasMore, busy);
  return <div ref={sentinel} />;
}

describe('useInfiniteScroll', () => {
  const scrollHeight = 5000;
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => scrollHeight });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1000 });
    // The sentinel sits far below the fold: only scrolling can trigger a load.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 4000 } as DOMRect);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  };

  it('asks for more near the bottom, at most once per 150 ms, and only while there are more pages', () => {
    const onMore = vi.fn();
    const view = render(<Feed onMore={onMore} hasMore busy={false} />);
    scrollTo(1000);
    expect(onMore).not.toHaveBeenCalled(); // 40%
    act(() => {
      vi.advanceTimersByTime(200);
    });
    scrollTo(3000); // 80%
    expect(onMore).toHaveBeenCalledTimes(1);
    scrollTo(3100);
    scrollTo(3200);
    expect(onMore).toHaveBeenCalledTimes(1); // throttled
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(onMore).toHaveBeenCalledTimes(2); // the trailing call
    view.rerender(<Feed onMore={onMore} hasMore={false} busy={false} />);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    scrollTo(3900);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onMore).toHaveBeenCalledTimes(2); // page == totalPage: nothing more
  });

  it('does not ask while a page is loading', () => {
    const onMore = vi.fn();
    render(<Feed onMore={onMore} hasMore busy />);
    scrollTo(3500);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onMore).not.toHaveBeenCalled();
  });
});
