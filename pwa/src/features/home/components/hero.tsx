import { useRef } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import { firstLine, typedText, useTypewriter } from '../hooks/use-typewriter';
import { i18n, useTranslation } from '../../../i18n/i18n';
import { useAtomValue } from 'jotai';
import { deliveryRange, headerPromise } from '../../../lib/delivery/delivery-words';
import { deliveryPlaceAtom } from '../../../lib/delivery/delivery-place';
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
  const typed = useRef<HTMLSpanElement>(null);
  useTypewriter(typed, lines, LIMITS.heroTypeMs, LIMITS.heroPauseMs);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <Eyebrow />
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

/**
 * "Over 5,000 products · delivery in 1–5 days" until the shopper names a place (docs/product.md#delivery); then the
 * header's promise for that place (the cart's, or the place's own date), from the same part and the one promise hook.
 */
function Eyebrow() {
  const place = useAtomValue(deliveryPlaceAtom);
  const Asked = usePromiseParts()?.HeaderPromisePart;
  if (!place) return <p className="hero__eyebrow">{i18n.t('home:hero.eyebrow', deliveryRange())}</p>;
  const dated = headerPromise(place);
  return (
    <p className="hero__eyebrow" data-testid="hero-promise">
      {i18n.t('home:hero.products')} · {Asked ? <Asked place={place} loading={dated} failed={dated} /> : dated}
    </p>
  );
}
