import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const DISMISSED_KEY = 'haat:ios-hint-dismissed';

/** iOS Safari has no install prompt: tell the shopper how, once, unless already installed. */
function shouldShow(): boolean {
  const ua = navigator.userAgent;
  const ios = /iphone|ipad|ipod/i.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  const standalone = matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  return ios && !standalone && localStorage.getItem(DISMISSED_KEY) !== '1';
}

export function IosInstallHint() {
  const [visible, setVisible] = useState(shouldShow);
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <aside className="ios-hint" aria-label={t('install.iosLabel')}>
      <p>
        {/* Pieces, not react-i18next's <Trans>: it would add about 4 KB gzip to every first visit. */}
        {t('install.iosBefore')}
        <strong>{t('install.iosShare')}</strong>
        {t('install.iosMiddle')}
        <strong>{t('install.iosAddToHome')}</strong>
        {t('install.iosAfter')}
      </p>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        onClick={() => {
          localStorage.setItem(DISMISSED_KEY, '1');
          setVisible(false);
        }}
      >
        {t('install.gotIt')}
      </button>
    </aside>
  );
}
