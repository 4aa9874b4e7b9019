import { useAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { useServerWrite } from '../../../lib/query/server-write';
import { usePublicConfig } from '../../../lib/http/public-config';
import { userAtom } from '../../../lib/http/session';
import { useTranslation } from '../../../i18n/i18n';
import { spacedMobile } from '@haat/shared/users/mobile-words';
import { whatsappUpdatesWrite } from '../api';

/** The success page's offer of order updates on WhatsApp (docs/decisions/0282-order-updates-on-whatsapp.md). */
export function WhatsappOffer() {
  const { t } = useTranslation('profile');
  const { whatsapp } = usePublicConfig();
  const [user, setUser] = useAtom(userAtom);
  const turningOn = useServerWrite(whatsappUpdatesWrite());
  const busy = turningOn.isPending;
  if (!whatsapp || !user || user.role === 'ADMIN') return null;
  // Read whole: the number's spaces never break a line (a phone's narrow button split it after its fifth digit).
  const mobile = spacedMobile(user.mobile).replaceAll(' ', '\u00a0');
  if (!user.mobile_verified)
    return (
      <p className="order-result__whatsapp" data-testid="whatsapp-offer">
        {t('whatsappOffer.needMobile')} <Link to="/dashboard/profile#mobile">{t('whatsappOffer.addMobile')}</Link>
      </p>
    );
  if (user.whatsapp_updates)
    return (
      <p className="order-result__whatsapp" role="status" data-testid="whatsapp-offer">
        {t('whatsappOffer.on', { mobile })}
      </p>
    );
  const turnOn = () => turningOn.mutate(true, { onSuccess: (answer) => setUser(answer.data!) });
  return (
    <p className="order-result__whatsapp" data-testid="whatsapp-offer">
      <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void turnOn()}>
        {t('whatsappOffer.ask', { mobile })}
      </button>
    </p>
  );
}
