import { useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/**
 * Every page starts at the top. The document scrolls (no full-screen scroll box,
 * there is no IonContent), and a client-side navigation keeps the window's offset, so /success opened
 * where the long checkout had been scrolled to. One rule for every route, here in the shell: a new
 * path (PUSH or REPLACE) goes to the top before paint; Back/Forward (POP) keeps the browser's own
 * restoration. A change of query string alone (listing filters, search terms) stays where it is.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, navigationType]);
  return null;
}
