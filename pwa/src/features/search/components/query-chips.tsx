import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { QueryPart, SearchUnderstood } from '@haat/shared/search/query-understanding';
import { withoutPart } from '@haat/shared/search/query-understanding';
import { useTranslation, type TFunction } from '../../../i18n/i18n';
import { formatNumber } from '../../../i18n/format';

const rupees = (amount: number) => `₹${formatNumber(amount)}`;

/** A part as the shopper reads it: "Under ₹1,500", "Men", "Black", "1 kg". */
export function partLabel(t: TFunction, part: QueryPart): string {
  switch (part.kind) {
    case 'price':
      if (part.min !== null && part.max !== null) return t('chip.priceBetween', { min: rupees(part.min), max: rupees(part.max) });
      return part.max !== null ? t('chip.priceUnder', { amount: rupees(part.max) }) : t('chip.priceOver', { amount: rupees(part.min ?? 0) });
    case 'audience':
      return t(`chip.audience.${part.audience}`);
    case 'age':
      return t('chip.age', { count: part.years });
    case 'colour':
      return t(`chip.colour.${part.colour}`);
    case 'material':
      return t(`chip.material.${part.material}`);
    case 'pack':
      return packLabel(t, part);
    case 'sort':
      return t(`chip.sort.${part.sort}`);
    case 'exclude':
      return t('chip.exclude', { words: part.typed });
    case 'size':
      return t('chip.size', { size: part.size });
    case 'occasion':
      return t(`chip.occasion.${part.occasion}`, { defaultValue: part.occasion });
  }
}

/** The search's text without one part (a chip removed, or the price that emptied the page), as the URL to search again. */
export const searchWithout = (term: string, part: QueryPart) => `/search?q=${encodeURIComponent(withoutPart(term, part))}`;

function packLabel(t: TFunction, part: Extract<QueryPart, { kind: 'pack' }>): string {
  if (part.unit === 'pcs') return t('chip.packOf', { count: part.amount });
  const big = part.amount >= 1000 && part.amount % 100 === 0;
  const unit = part.unit === 'g' ? (big ? 'kg' : 'g') : big ? 'l' : 'ml';
  return t(`chip.unit.${unit}`, { amount: formatNumber(big ? part.amount / 1000 : part.amount) });
}

/**
 * What the search understood, above its results (docs/product.md#search): each part as a chip the shopper can
 * remove, which searches again without it (a new URL, so back and forward and a shared link keep the choice); and
 * the words that matched nothing, said rather than silently dropped; and a brand asked for as a kind it is not sold in
 * ("We don't sell titan earbuds — here is Titan's range"). Focus stays where the shopper is: on the chip
 * that took the removed one's place, or on the results' count when none is left.
 */
export function QueryChips({ term, understood }: { term: string; understood: SearchUnderstood }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const removed = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const shown = understood.parts.map((p) => `${p.kind}-${p.from}`).join(' ');
  useEffect(() => {
    const at = removed.current;
    if (at === null) return;
    removed.current = null;
    const chips = list.current?.querySelectorAll('button');
    const next = chips?.length ? chips[Math.min(at, chips.length - 1)] : document.querySelector<HTMLElement>('.search-page__count');
    next?.focus();
  }, [shown]);
  if (understood.parts.length === 0 && understood.unmatched.length === 0 && !understood.lacking) return null;
  return (
    <div className="query-chips">
      {understood.lacking && (
        <p className="query-chips__unmatched" role="status">
          {t('lacking', understood.lacking)}
        </p>
      )}
      {understood.parts.length > 0 && (
        <ul className="query-chips__list" aria-label={t('chip.listLabel')} ref={list}>
          {understood.parts.map((part, k) => {
            const label = partLabel(t, part);
            return (
              <li key={`${part.kind}-${part.from}`}>
                <button
                  type="button"
                  className="query-chips__chip"
                  aria-label={t('chip.remove', { label })}
                  onClick={() => {
                    removed.current = k;
                    navigate(searchWithout(term, part));
                  }}
                >
                  {label}
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {understood.unmatched.length > 0 && (
        <p className="query-chips__unmatched" role="status">
          {t('unmatched', { words: understood.unmatched.join(', ') })}
        </p>
      )}
    </div>
  );
}
