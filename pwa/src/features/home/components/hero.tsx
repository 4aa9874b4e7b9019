import { useRef } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import { firstLine, typedText, useTypewriter } from '../hooks/use-typewriter';
import { i18n, useTranslation } from '../../../i18n/i18n';
import { deliveryRange } from '../../../lib/delivery/delivery-words';
import { usePromiseParts } from '../../../lib/delivery/card-note';

// docs/product.md#screens: greet the signed-in user by name, otherwise a generic fashion greeting, then festive promo lines.
const PROMOS = ['home:hero.promo1', 'home:hero.promo2', 'home:hero.promo3'] as const;

export function heroLines(name: string | null): string[] {
  return [name ? i18n.t('home:hero.welcomeBack', { name }) : i18n.t('home:hero.welcome'), ...PROMOS.map((key) => i18n.t(key))];
}

/** Hero with the typewriter greeting and a Shop Now button that scrolls to the product rows. */
export function Hero({ name }: { name: string | null }) {
  // Re-renders on a language switch; the new lines restart the typewriter.
  useTranslation('home');
  const lines = heroLines(name);
  const Named = usePromiseParts()?.PlaceLinePart;
  const range = i18n.t('home:hero.eyebrow', deliveryRange());
  const typed = useRef<HTMLSpanElement>(null);
  useTypewriter(typed, lines, LIMITS.heroTypeMs, LIMITS.heroPauseMs);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <p className="hero__eyebrow">
        {/* Once a place is named, the header's promise for it, not the range (docs/product.md#delivery). */}
        {Named ? <Named loading={range} failed={range} /> : range}
      </p>
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
        {i18n.t('home:hero.shopNow')}
      </button>
    </section>
  );
}
