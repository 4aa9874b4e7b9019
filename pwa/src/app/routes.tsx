import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from './route-error-boundary';
import { useTranslation } from '../i18n/i18n';
import { page } from './lazy-page';

const HomePage = page(() => import('../features/home/home.page'), 'HomePage');
// Every other page, and the table that routes to it: a chunk a first visit to `/` does not load (other-routes.tsx).
const loadOtherRoutes = () => import('./other-routes');
const OtherRoutes = page(loadOtherRoutes, 'OtherRoutes');

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="*" element={<OtherRoutes />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** Loads the chunk of the page at `pathname` (and, below `/`, the other pages' table), so the first render can show it at once. */
export function preloadRoute(pathname: string): Promise<unknown> {
  if (pathname === '/') return HomePage.preload();
  return Promise.all([OtherRoutes.preload(), loadOtherRoutes().then((m) => m.preloadPage(pathname))]);
}
/** While a page's chunk loads: holds the page's height so the footer does not jump (no layout shift). */
function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="page-loader__bar" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
