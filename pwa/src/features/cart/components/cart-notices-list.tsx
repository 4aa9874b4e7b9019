import { useAtom } from 'jotai';
import { useTranslation } from '../../../i18n/i18n';
import { cartNoticesAtom } from '../cart-notices';

/** What the server changed in the cart (stock, prices), until the shopper dismisses it. */
export function CartNoticesList() {
  const { t } = useTranslation();
  const [notices, setNotices] = useAtom(cartNoticesAtom);
  if (notices.length === 0) return null;
  return (
    <div className="cart-notices" role="status" data-testid="cart-notices">
      <ul>
        {notices.map((n, i) => (
          <li key={i}>{n}</li>
        ))}
      </ul>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setNotices([])}>
        {t('ok')}
      </button>
    </div>
  );
}
