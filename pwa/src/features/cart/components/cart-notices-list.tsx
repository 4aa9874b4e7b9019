import { useAtom } from 'jotai';
import { cartNoticesAtom } from '../cart-notices';

/** What the server changed in the cart (stock, prices), until the shopper dismisses it. */
export function CartNoticesList() {
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
        OK
      </button>
    </div>
  );
}
