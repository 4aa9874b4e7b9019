import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { classifyLoadFailure } from '../../../lib/http/load-failure';
import { problemOf } from '../../../lib/http/http-problem';
import { useOnline } from '../../../lib/hooks/use-online';
import { toast } from '../../../lib/ui/toast';
import { loadOrderAgain } from '../../cart/public';
import { i18n, useTranslation } from '../../../i18n/i18n';

/**
 * Order again (docs/product.md#buy-again-and-order-again): the order's lines still sold go into the cart, and the cart opens with
 * what was left out or now costs something else said above it, before the shopper pays. It needs the network.
 */
export function OrderAgainButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation('again');
  const online = useOnline();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!navigator.onLine) return toast.error(i18n.t('again:offline'));
    setBusy(true);
    try {
      const { orderAgain } = await loadOrderAgain();
      await orderAgain(orderId);
      toast.success(i18n.t('again:added', { id: orderId }));
      navigate('/cart');
    } catch (error) {
      toast.error(classifyLoadFailure(error) === 'network' ? i18n.t('again:offline') : problemOf(error).message || i18n.t('again:failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--primary btn--small order-card__again"
      disabled={busy}
      aria-label={t('orderAgainOf', { id: orderId })}
      title={online ? undefined : t('offline')}
      onClick={() => void run()}
      data-testid="order-again"
    >
      {busy ? t('adding') : t('orderAgain')}
    </button>
  );
}
