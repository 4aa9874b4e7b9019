import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

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
        <Trans t={t} i18nKey="install.iosHint" components={[<strong />, <strong />]} />
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
