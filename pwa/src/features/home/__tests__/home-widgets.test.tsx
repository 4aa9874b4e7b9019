import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerCarousel } from '../components/banner-carousel';
import type { User } from '@haat/shared/users/user.types';
import { setSessionUser } from '../../../lib/http/session';
import { Hero, heroLines } from '../components/hero';
import { useGreetingName } from '../home.page';
import { Newsletter } from '../components/newsletter';
import { useTypewriter } from '../hooks/use-typewriter';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('hero typewriter (docs/product.md#rules-and-limits: 100 ms a character, 2000 ms pause)', () => {
  function Typed({ lines }: { lines: string[] }) {
    const ref = useRef<HTMLSpanElement>(null);
    useTypewriter(ref, lines, 100, 2000);
    return (
      <span ref={ref} data-testid="typed">
        {lines[0]}
      </span>
    );
  }

  it('starts with the first line typed, pauses, deletes, then types the next line', () => {
    render(<Typed lines={['Hi', 'Yo']} />);
    const text = () => screen.getByTestId('typed').textContent;
    expect(text()).toBe('Hi'); // as the static first paint shows it
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(text()).toBe('Hi'); // the 2000 ms pause
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(text()).toBe('H'); // deleting, twice as fast as typing
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(text()).toBe('');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(text()).toBe('Y'); // the next line, 100 ms a letter
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(text()).toBe('Yo');
    act(() => {
      vi.advanceTimersByTime(2000 + 50 + 100);
    });
    expect(text()).toBe('H'); // and round again
  });

  it('greets a signed-in shopper by name, a visitor generically, then the festive lines', () => {
    expect(heroLines('asha')[0]).toBe('Welcome back, asha!');
    expect(heroLines(null)[0]).toContain('Welcome to Haat');
    expect(heroLines(null).length).toBeGreaterThan(1);
  });
});

describe('banner carousel (docs/product.md#rules-and-limits: 3 banners, 5000 ms)', () => {
  it('advances every 5 s and jumps with the dots', () => {
    render(<BannerCarousel />);
    const dots = screen.getAllByRole('button', { name: /Show banner/ });
    expect(dots).toHaveLength(3);
    const current = () => dots.findIndex((d) => d.getAttribute('aria-current') === 'true');
    expect(current()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(current()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(current()).toBe(2);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(current()).toBe(0);
    fireEvent.click(dots[2]!);
    expect(current()).toBe(2);
  });
});

describe('newsletter (docs/product.md#validation)', () => {
  it('refuses an address without text@text.text', () => {
    render(<Newsletter />);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'asha@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
  });

  it('says Subscribed successfully! after about a second and clears the field', () => {
    render(<Newsletter />);
    const input = screen.getByLabelText<HTMLInputElement>('E-mail address');
    fireEvent.change(input, { target: { value: 'asha@example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.queryByText('Subscribed successfully!')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('Subscribed successfully!')).toBeTruthy();
    expect(input.value).toBe('');
  });
});

describe('the hero greeting', () => {
  function HomeHero() {
    return <Hero name={useGreetingName()} />;
  }

  it('welcomes the signed-in shopper by username, a visitor generically', () => {
    render(<HomeHero />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Welcome to Haat');
    cleanup();
    act(() => setSessionUser({ _id: 'U1', name: 'Asha Rao', username: 'asha', email: 'asha@example.com' } as User));
    render(<HomeHero />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Welcome back, asha!');
    act(() => setSessionUser(null));
  });
});
