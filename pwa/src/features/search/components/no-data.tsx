import { useNavigate } from 'react-router-dom';
import type { SearchUnderstood } from '@haat/shared/search/query-understanding';
import { useTranslation, type TFunction } from '../../../i18n/i18n';
import { formatNumber } from '../../../i18n/format';
import { POPULAR_SEARCHES } from '@haat/shared/search/popular-searches';
import { Terms } from './search-start';
import { partLabel, searchWithout } from './query-chips';

const rupees = (amount: number) => `₹${formatNumber(amount)}`;

/** What emptied the page by its price, in words: "Nothing here costs under ₹500". */
function emptiedByPrice(t: TFunction, part: { min: number | null; max: number | null }): string {
  if (part.min !== null && part.max !== null) return t('emptied.priceBetween', { min: rupees(part.min), max: rupees(part.max) });
  return part.max !== null ? t('emptied.priceUnder', { amount: rupees(part.max) }) : t('emptied.priceOver', { amount: rupees(part.min ?? 0) });
}

/**
 * docs/product.md#screens and #errors: an empty page says what emptied it — a kind the shop does not sell ("We don't
 * sell power bank yet"), or the price (with a button that searches again without it) — else "No results for …"; and
 * the popular searches (docs/decisions/0227-the-empty-search-screen.md).
 */
export function NoData({ term, understood }: { term: string; understood?: SearchUnderstood }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const emptied = understood?.emptied;
  const price = emptied?.by === 'price' ? understood!.parts.find((p) => p.kind === 'price') : undefined;
  const said =
    emptied?.by === 'unsold'
      ? { status: t('emptied.unsold', { words: emptied.words }), help: t('emptied.unsoldHelp') }
      : price?.kind === 'price'
        ? { status: emptiedByPrice(t, price), help: t('emptied.priceHelp') }
        : { status: t('noResults', { term: term.trim() }), help: t('noResultsHelp') };
  return (
    <div className="state-box no-data">
      <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
        <circle cx="52" cy="52" r="34" fill="#ecfdf3" stroke="#0b6e35" strokeWidth="6" />
        <path d="M78 78l26 26" stroke="#0b6e35" strokeWidth="8" strokeLinecap="round" />
        <path d="M40 44h24M40 58h16" stroke="#9bb8a5" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <p role="status">{said.status}</p>
      {price && (
        <button type="button" className="query-chips__chip no-data__remove" onClick={() => navigate(searchWithout(term, price))}>
          {t('chip.remove', { label: partLabel(t, price) })}
        </button>
      )}
      <p>{said.help}</p>
      <Terms terms={POPULAR_SEARCHES} icon="popular" />
    </div>
  );
}
