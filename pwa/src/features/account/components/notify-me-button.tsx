import { useNotifyMe, type WaitedUnit } from '../hooks/use-notify-me';
import { useTranslation } from '../../../i18n/i18n';
import './notify-me.css';

interface Props extends WaitedUnit {
  /** What the shopper waits for, in the button's spoken name ("Notify me when … is back in stock"). */
  name: string;
  /** Cards offer it only to a signed-in shopper; the product page and wishlist ask a guest to sign in. */
  signedInOnly?: boolean;
}

/**
 * "Notify me" on a sold-out product or option (docs/product.md#back-in-stock): the ask goes through the device's
 * outbox like every offline write; once asked, the button says the shopper will be told (My Account lists the waits).
 */
export function NotifyMeButton({ productId, variantId, name, signedInOnly = false }: Props) {
  const { t } = useTranslation('catalog');
  const { signedIn, waiting, busy, ask } = useNotifyMe({ productId, variantId });
  if (signedInOnly && !signedIn) return null;
  if (waiting)
    return (
      <p className="notify-me notify-me--asked" role="status" data-testid="notify-me-waiting">
        {t('notifyMeWaiting')}
      </p>
    );
  return (
    <button type="button" className="notify-me" aria-label={t('notifyMeLabel', { name })} disabled={busy} onClick={() => void ask()}>
      {t('notifyMe')}
    </button>
  );
}
