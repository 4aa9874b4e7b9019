import { type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { CartBar } from './cart-bar';
import { Header } from './header';
import { useOnline } from '../../lib/hooks/use-online';
import { useAtomValue } from 'jotai';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';
import { latePart } from '../../lib/ui/late-part';
import { toastsAtom } from '../../lib/ui/toast';

// Below the fold or drawn only on use, so not on the first screen's path: the footer and the toaster load once the
// shopper scrolls or the first screen has settled (lib/ui/late-part.tsx; the toaster at once when a toast comes
// first); start-app.tsx loads the footer before a first render that is not home, whose footer may be on screen (docs/benchmarks.md "First visit weight").
export const LateFooter = latePart(() => import('./footer').then((m) => m.Footer));
const LateToaster = latePart(() => import('./toaster').then((m) => m.Toaster));
// The iOS install hint and the update notice: neither is part of what the first screen shows (shell-notices.tsx).
const LateNotices = latePart(() => import('./shell-notices').then((m) => m.ShellNotices));

/** docs/product.md#screens page shell: sticky header, the page, the footer, and the small-screen cart bar. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <OfflineBanner />
      <main id="main" className="shell__main">
        {children}
      </main>
      <LateFooter placeholder={<footer className="footer footer--late" aria-hidden="true" />} />
      <CartBar />
      <LateNotices />
      <ShellToaster />
    </div>
  );
}

/** The toaster's place, polite like the toaster itself, until its code is here. */
function ShellToaster() {
  const toasts = useAtomValue(toastsAtom);
  return <LateToaster now={toasts.length > 0} placeholder={<div className="toaster toaster--bottom" aria-live="polite" />} />;
}

/** docs/architecture.md "The PWA's data layer": pages seen before keep working from IndexedDB. */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useTranslation();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {t('offline')}
    </div>
  );
}

/** Every new path starts at the top before paint; Back/Forward keeps the browser's restoration, a query change stays. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, navigationType]);
  return null;
}
