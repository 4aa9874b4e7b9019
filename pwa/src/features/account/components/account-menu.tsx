import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { isAdminAtom, userAtom } from '../../../lib/http/session';
import { useLogout } from '../hooks/use-logout';
import './account.css';

const ADMIN_LINKS = [
  ['/dashboard', 'Overview'],
  ['/dashboard/category', 'Category'],
  ['/dashboard/subcategory', 'Sub Category'],
  ['/dashboard/upload-product', 'Upload Product'],
  ['/dashboard/product', 'Product'],
] as const;

/** docs/product.md#screens, My Account menu; `onNavigate` closes the popover or side panel it sits in. */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const user = useAtomValue(userAtom);
  const admin = useAtomValue(isAdminAtom);
  const logout = useLogout();
  if (!user) return null;
  const who = `${user.name || user.mobile}${admin ? ' (Admin)' : ''}`;
  const item = (to: string, label: string) => (
    <Link key={to} to={to} onClick={onNavigate}>
      {label}
    </Link>
  );
  return (
    <nav className="account-menu" aria-label="My Account">
      <Link to="/dashboard/profile" className="account-menu__who" onClick={onNavigate}>
        {who}
      </Link>
      {item('/', 'Home')}
      {admin && ADMIN_LINKS.map(([to, label]) => item(to, label))}
      {item('/dashboard/mywishlist', 'My Wishlist')}
      {item('/dashboard/myorders', 'My Orders')}
      {item('/dashboard/address', 'Save Address')}
      <button
        type="button"
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
      >
        Log Out
      </button>
    </nav>
  );
}
