import { useAtomValue } from 'jotai';
import { NavLink, useNavigate } from 'react-router-dom';
import { isAdminAtom, userAtom } from '../../../lib/http/session';
import './account-menu.css';
import { useTranslation } from '../../../i18n/i18n';
import { LanguageSwitch } from '../../../lib/ui/language-switch';
import { useCallback } from 'react';

// Labels: account:menu.<key>.
const ADMIN_LINKS = [
  ['/dashboard', 'overview'],
  ['/dashboard/category', 'category'],
  ['/dashboard/subcategory', 'subcategory'],
  ['/dashboard/upload-product', 'uploadProduct'],
  ['/dashboard/product', 'product'],
  ['/dashboard/catalog-import', 'catalogImport'],
  ['/dashboard/coupons', 'coupons'],
  ['/dashboard/stores', 'stores'],
  ['/dashboard/returns', 'returns'],
  ['/dashboard/synonyms', 'synonyms'],
  ['/dashboard/occasions', 'occasions'],
  ['/dashboard/sms-budget', 'smsBudget'],
  ['/dashboard/ondc', 'ondc'],
  ['/dashboard/gst', 'gstReturn'],
] as const;

/** The menu's first line: the name (or mobile), with "(Admin)" for an admin unless the name says it already ("Admin"). */
export function whoLine(name: string, admin: boolean, role: string): string {
  if (!admin) return name;
  const said = (word: string) => name.trim().toLocaleLowerCase() === word.toLocaleLowerCase();
  return said('admin') || said(role) ? name : `${name} (${role})`;
}

/** docs/product.md#screens, My Account menu; `onNavigate` closes the popover or side panel it sits in. */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('account');
  const user = useAtomValue(userAtom);
  const admin = useAtomValue(isAdminAtom);
  const logout = useLogout();
  if (!user) return null;
  const who = whoLine(user.name || user.mobile, admin, t('menu.adminRole'));
  // The current page's entry is marked (aria-current="page", which NavLink sets, and account.css shows).
  const item = (to: string, label: string) => (
    <NavLink key={to} to={to} end onClick={onNavigate}>
      {label}
    </NavLink>
  );
  return (
    <nav className="account-menu" aria-label={t('menu.label')}>
      <NavLink to="/dashboard/profile" end className="account-menu__who" onClick={onNavigate}>
        {who}
      </NavLink>
      {item('/', t('menu.home'))}
      {admin && ADMIN_LINKS.map(([to, key]) => item(to, t(`menu.${key}`)))}
      {item('/dashboard/mywishlist', t('menu.wishlist'))}
      {item('/dashboard/notify-me', t('menu.notifyMe'))}
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

/** Signing out (log-out.ts, loaded when used: the menu is on the first screen, what it clears is not), then home. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await (await import('../hooks/log-out')).logOut();
    navigate('/', { replace: true });
  }, [navigate]);
}
