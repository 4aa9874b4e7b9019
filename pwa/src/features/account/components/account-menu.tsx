import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { isAdminAtom, userAtom } from '../../../lib/http/session';
import { useLogout } from '../hooks/use-logout';
import './account.css';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../lib/ui/language-switch';

// Labels: account:menu.<key>.
const ADMIN_LINKS = [
  ['/dashboard', 'overview'],
  ['/dashboard/category', 'category'],
  ['/dashboard/subcategory', 'subcategory'],
  ['/dashboard/upload-product', 'uploadProduct'],
  ['/dashboard/product', 'product'],
  ['/dashboard/coupons', 'coupons'],
  ['/dashboard/returns', 'returns'],
] as const;

/** docs/product.md#screens, My Account menu; `onNavigate` closes the popover or side panel it sits in. */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('account');
  const user = useAtomValue(userAtom);
  const admin = useAtomValue(isAdminAtom);
  const logout = useLogout();
  if (!user) return null;
  const who = `${user.name || user.mobile}${admin ? t('menu.admin') : ''}`;
  const item = (to: string, label: string) => (
    <Link key={to} to={to} onClick={onNavigate}>
      {label}
    </Link>
  );
  return (
    <nav className="account-menu" aria-label={t('menu.label')}>
      <Link to="/dashboard/profile" className="account-menu__who" onClick={onNavigate}>
        {who}
      </Link>
      {item('/', t('menu.home'))}
      {admin && ADMIN_LINKS.map(([to, key]) => item(to, t(`menu.${key}`)))}
      {item('/dashboard/mywishlist', t('menu.wishlist'))}
      {item('/dashboard/myorders', t('menu.orders'))}
      {item('/dashboard/address', t('menu.address'))}
      <button
        type="button"
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
      >
        {t('menu.logout')}
      </button>
      <LanguageSwitch />
    </nav>
  );
}
