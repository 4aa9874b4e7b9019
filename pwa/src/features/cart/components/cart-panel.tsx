import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../i18n/format';
import { isSignedInAtom } from '../../../lib/http/session';
import { useCart } from '../hooks/use-cart';
import { PromisePart } from '../../../lib/delivery/promise-part';
import { BillDetails } from './bill-details';
import { CartLineRow } from './cart-line-row';
import { CartNoticesList } from './cart-notices-list';
import { EmptyCart } from './empty-cart';
import { HoldLimitNote } from './hold-limit-note';
import './cart.css';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens cart side panel, also the body of /cart; `onNavigate` closes a drawer. */
export function CartPanel({ onNavigate, page = false }: { onNavigate?: () => void; page?: boolean }) {
  const { lines, totals, waiting, loaded } = useCart();
  const signedIn = useAtomValue(isSignedInAtom);
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const go = (path: string) => {
    onNavigate?.();
    navigate(path);
  };
  // The page's one h1 on /cart; a section heading under the dialog's name in the side panel.
  const Title = page ? 'h1' : 'h2';

  return (
    <section className="cart-panel" aria-labelledby="cart-title">
      <Title id="cart-title" className="cart-panel__title">
        {t('cart')}
      </Title>
      <CartNoticesList />
      {!loaded ? null : lines.length === 0 ? (
        <EmptyCart onNavigate={onNavigate} />
      ) : (
        <>
          {/* Said only when something is saved: never "₹0.00" of savings (docs/product.md#screens). */}
          {totals.savings > 0 && (
            <p className="cart-panel__savings" data-testid="cart-savings">
              <span>{t('savings')}</span>
              <span>{formatMoney(totals.savings)}</span>
            </p>
          )}
          {/* An unverified account's lower limit, said while the basket is built (docs/decisions/0003-purchase-limits.md). */}
          <HoldLimitNote units={totals.quantityTotal} onNavigate={onNavigate} />
          <ul className="cart-panel__lines">
            {lines.map((line) => (
              <CartLineRow key={line.key} line={line} waiting={waiting.has(line.key)} />
            ))}
          </ul>
          <BillDetails totals={totals} />
          {signedIn && <PromisePart cart={{ lines, waiting: waiting.size }} testId="cart-promise" />}
          <div className="cart-panel__footer">
            {signedIn ? (
              <button type="button" className="btn btn--primary cart-panel__proceed" onClick={() => go('/checkout')}>
                <span>{formatMoney(totals.grandTotal)}</span>
                <span>{t('proceed')}</span>
              </button>
            ) : (
              <button type="button" className="btn btn--primary cart-panel__proceed" onClick={() => go('/login')}>
                {t('pleaseLogin')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
