import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CartBar } from './cart-bar';
import { Footer } from './footer';
import { Header } from './header';
import { IosInstallHint } from './ios-install-hint';
import { OfflineBanner } from './offline-banner';
import { ScrollToTop } from './scroll-to-top';
import { Toaster } from './toaster';
import { UpdateToast } from './update-toast';

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
      <Footer />
      <CartBar />
      <IosInstallHint />
      <UpdateToast />
      <Toaster />
    </div>
  );
}
