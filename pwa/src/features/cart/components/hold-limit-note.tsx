import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import type { User } from '@haat/shared/users/user.types';
import { accountVerified, unverifiedHoldLimit } from '@haat/shared/orders/hold-limits';
import { usePublicConfig } from '../../../lib/http/public-config';
import { userAtom } from '../../../lib/http/session';
import { useTranslation } from '../../../i18n/i18n';
import './hold-limit-note.css';

/** An unverified account's lower hold limit (docs/decisions/0003-purchase-limits.md), said where the basket is built. */
export function HoldLimitNote({ units, onNavigate }: { units?: number; onNavigate?: () => void }) {
  const user = useAtomValue(userAtom);
  if (!user || user.role === 'ADMIN' || accountVerified(user)) return null;
  return <UnverifiedNote user={user} units={units} onNavigate={onNavigate} />;
}

function UnverifiedNote({ user, units, onNavigate }: { user: User; units?: number; onNavigate?: () => void }) {
  const config = usePublicConfig();
  const { t } = useTranslation('cart');
  const limit = config.known ? unverifiedHoldLimit(user, config.holdLimits) : null;
  if (limit === null) return null;
  const over = units !== undefined && units > limit;
  return (
    <p className={`hold-note${over ? ' hold-note--over' : ''}`} data-testid="hold-note">
      <span>{over ? t('hold.over', { count: units, limit }) : t('hold.until', { count: limit })}</span>{' '}
      <Link to="/dashboard/profile#verify-email" onClick={onNavigate}>
        {t('hold.verify')}
      </Link>
    </p>
  );
}
