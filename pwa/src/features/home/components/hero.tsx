import { useRef } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import { firstLine, typedText, useTypewriter } from '../hooks/use-typewriter';

// docs/product.md#screens: greet the signed-in user by name, otherwise a generic fashion greeting, then festive promo lines.
const PROMOS = ['Festive sale: up to 70% off on toys and games', 'Diwali deals on earbuds and smart watches', 'Fresh styles in T-shirts and clothing'];

export function heroLines(name: string | null): string[] {
  return [name ? `Welcome back, ${name}!` : 'Welcome to Haat, your style, delivered in minutes', ...PROMOS];
}

/** Hero with the typewriter greeting and a Shop Now button that scrolls to the product rows. */
export function Hero({ name }: { name: string | null }) {
  const lines = heroLines(name);
  const typed = useRef<HTMLSpanElement>(null);
  useTypewriter(typed, lines, LIMITS.heroTypeMs, LIMITS.heroPauseMs);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <p className="hero__eyebrow">Over 5,000 products · delivery in under 10 minutes</p>
      <h1 id="hero-title" className="hero__title">
        <span className="visually-hidden">{lines[0]}</span>
        <span aria-hidden="true" className="hero__typed">
          {/* keyed by the greeting: a new first line remounts the text the animation writes into */}
          <span key={lines[0]} ref={typed}>
            {typedText(lines)(firstLine(lines))}
          </span>
          <span className="hero__cursor" />
        </span>
      </h1>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => document.getElementById('home-products')?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      >
        Shop Now
      </button>
    </section>
  );
}
