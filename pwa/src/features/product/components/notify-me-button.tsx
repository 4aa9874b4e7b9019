import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { isSignedInAtom } from '../../../lib/http/session';
import { showHeaderMessage } from '../../../lib/ui/header-message';
import { toast } from '../../../lib/ui/toast';
import { i18n, useTranslation } from '../../../i18n/i18n';

/**
 * "Notify me" on a sold-out product or option (docs/product.md#back-in-stock): the ask goes through the device's
 * outbox like every offline write, so it is kept while offline and sent when the shop can be reached.
 */
export function NotifyMeButton({ productId, variantId, name }: { productId: string; variantId: string | null; name: string }) {
  const { t } = useTranslation('catalog');
  const signedIn = useAtomValue(isSignedInAtom);
  const navigate = useNavigate();
  const [asked, setAsked] = useState<string | null>(null);
  const key = `${productId}:${variantId ?? ''}`;
  const ask = async () => {
    if (!signedIn) {
      showHeaderMessage(i18n.t('account.loginRequired'));
      return navigate('/login');
    }
    const { outboxFacade } = await import('../../../lib/storage/outbox-facade');
    await outboxFacade.enqueue('notify-me.add', { productId, ...(variantId ? { variantId } : {}) });
    setAsked(key);
    toast.success(t('notifyMeAsked'));
    void outboxFacade.flush();
  };
  if (asked === key) return <p className="notify-me notify-me--asked">{t('notifyMeWaiting')}</p>;
  return (
    <button type="button" className="notify-me" aria-label={t('notifyMeLabel', { name })} onClick={() => void ask()}>
      {t('notifyMe')}
    </button>
  );
}
