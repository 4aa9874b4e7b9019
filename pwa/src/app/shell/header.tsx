import { Link, useLocation } from 'react-router-dom';
import { NARROW, useMediaQuery } from '../../lib/hooks/use-media-query';
import { AccountButton } from './account-button';
import { CartButton } from './cart-button';
import { SearchBar } from './search-bar';
import { useTranslation } from '../../i18n/i18n';
import { useAtomValue } from 'jotai';
import { headerMessageAtom } from '../../lib/ui/header-message';
import { deliveryPlaceAtom } from '../../lib/delivery/delivery-place';
import { deliveryRange, headerPromise } from '../../lib/delivery/delivery-words';
import { installPromptAtom, promptInstall } from '../../lib/device/install-prompt';
import { usePromiseParts } from '../../lib/delivery/card-note';

/** docs/product.md#screens sticky header; on a narrow /search only the search row shows, with the account and the cart. */
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

/** The basket mark (same drawing as the app icons, pwa/scripts/make-icons.mjs). */
function Logo() {
  return (
    <svg className="logo" viewBox="0 0 512 512" width="40" height="40" aria-hidden="true">
      <rect width="512" height="512" rx="110" fill="#0b6e35" />
      <path d="M150 210 C150 120 362 120 362 210" fill="none" stroke="#f8cb46" strokeWidth="30" strokeLinecap="round" />
      <path d="M96 212 H416 L380 398 Q374 420 352 420 H160 Q138 420 132 398 Z" fill="#f8cb46" />
      <path d="M176 250 V380 M256 250 V380 M336 250 V380" stroke="#0b6e35" strokeWidth="22" strokeLinecap="round" />
    </svg>
  );
}

/** The header's wishlist entry (docs/product.md#what-haat-is page shell); the dashboard page asks for sign-in when needed. */
function WishlistButton() {
  const { t } = useTranslation();
  return (
    <Link to="/dashboard/mywishlist" className="header-btn header-btn--icon" aria-label={t('myWishlist')}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.2 0 3.7 1.3 5.2 3 1.5-1.7 3-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
    </Link>
  );
}

/** docs/product.md#screens header messages (Login required!, Login successful!…), announced to screen readers. */
export function HeaderMessage() {
  const message = useAtomValue(headerMessageAtom);
  return (
    <div className="header-message" role="status" aria-live="polite">
      {message && <p className="header-message__text">{message}</p>}
    </div>
  );
}

/**
 * The header's promise (docs/product.md#delivery): the range, until the shopper names a place; then what is true for
 * what they look at or hold in the cart (header-promise.tsx, loaded once a place is named), the place's date meanwhile.
 */
export function Tagline() {
  const { t } = useTranslation();
  const place = useAtomValue(deliveryPlaceAtom);
  const Asked = usePromiseParts()?.HeaderPromisePart;
  const dated = place && headerPromise(place);
  return (
    <span className="logo-link__tagline" data-testid="header-promise">
      {!place ? t('header.tagline', deliveryRange()) : Asked ? <Asked place={place} loading={dated} failed={dated} /> : dated}
    </span>
  );
}

/** Shown only after the browser fired beforeinstallprompt. */
export function InstallButton() {
  const canInstall = useAtomValue(installPromptAtom) !== null;
  const { t } = useTranslation();
  if (!canInstall) return null;
  return (
    <button type="button" className="header-btn header-btn--install" onClick={() => void promptInstall()}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
      </svg>
      <span>{t('install.button')}</span>
    </button>
  );
}
