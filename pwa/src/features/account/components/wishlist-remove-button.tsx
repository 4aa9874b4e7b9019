import { useWishlistToggle } from '../hooks/use-wishlist-toggle';

/** The wishlist page's remove button: the same toggle as the card's heart. */
export function WishlistRemoveButton({ productId, name }: { productId: string; name: string }) {
  const { busy, toggle } = useWishlistToggle(productId);
  return (
    <button type="button" className="btn btn--ghost btn--small" disabled={busy} aria-label={`Remove ${name} from wishlist`} onClick={() => void toggle()}>
      Remove
    </button>
  );
}
