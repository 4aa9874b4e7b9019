import { Link, useLocation } from 'react-router-dom';
import { NARROW, useMediaQuery } from '../../lib/hooks/use-media-query';
import { AccountButton } from './account-button';
import { CartButton } from './cart-button';
import { HeaderMessage } from './header-message';
import { InstallButton } from './install-button';
import { Logo } from './logo';
import { SearchBar } from './search-bar';
import { WishlistButton } from './wishlist-button';
import { useTranslation } from 'react-i18next';
import { Tagline } from './tagline';

/**
 * docs/product.md#screens sticky header. Wide screens: one row with the search bar in the middle. Narrow screens: the
 * search bar gets its own row, and on /search only that row shows (with a back arrow), keeping the account and a
 * compact cart button at its end so a shopper searching can still reach both.
 */
export function Header() {
  const narrow = useMediaQuery(NARROW);
  const { t } = useTranslation();
  const onSearch = useLocation().pathname === '/search';
  return (
    <header className="header">
      {!(narrow && onSearch) && (
        <div className="header__row container">
          <Link to="/" className="logo-link">
            <Logo />
            <span className="logo-link__text">
              <span className="logo-link__name">Haat</span>
              <Tagline />
            </span>
          </Link>
          {!narrow && (
            <div className="header__search">
              <SearchBar narrow={false} />
            </div>
          )}
          <nav className="header__actions" aria-label={t('header.account')}>
            <InstallButton />
            <WishlistButton />
            <AccountButton />
            <CartButton />
          </nav>
        </div>
      )}
      {narrow && (
        <div className={`header__search-row container${onSearch ? ' header__search-row--actions' : ''}`}>
          <SearchBar narrow />
          {onSearch && (
            <nav className="header__actions" aria-label={t('header.account')}>
              <AccountButton />
              <CartButton compact />
            </nav>
          )}
        </div>
      )}
      <HeaderMessage />
    </header>
  );
}
