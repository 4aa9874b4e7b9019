import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n/i18n';
import { applyUpdate } from '../../lib/device/apply-update';
import { updateWaitingAtom } from '../../lib/device/service-worker';

/**
 * The shell's notices that are no part of the first screen, a late part of it (shell.tsx, lib/ui/late-part.tsx): the
 * iOS install hint, and the update notice, whose worker is registered only once the first screen has settled anyway
 * (lib/device/service-worker.ts).
 */
export function ShellNotices() {
  return (
    <>
      <IosInstallHint />
      <UpdateToast />
    </>
  );
}

/** A new service worker is waiting; Reload lets it take over. */
export function UpdateToast() {
  const waiting = useAtomValue(updateWaitingAtom);
  const { t } = useTranslation();
  if (!waiting) return null;
  return (
    <div className="update-toast" role="status">
      <span>{t('common:update.available')}</span>
      <span aria-hidden="true"> — </span>
      <button type="button" className="btn btn--primary btn--small" onClick={() => void applyUpdate()}>
        {t('common:update.reload')}
      </button>
    </div>
  );
}

const DISMISSED_KEY = 'haat:ios-hint-dismissed';

/** iOS Safari has no install prompt: tell the shopper how, once, unless already installed. */
function shouldShow(): boolean {
  const ua = navigator.userAgent;
  const ios = /iphone|ipad|ipod/i.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  const standalone = matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  return ios && !standalone && localStorage.getItem(DISMISSED_KEY) !== '1';
}

function IosInstallHint() {
  const [visible, setVisible] = useState(shouldShow);
  const { t } = useTranslation('ios-hint');
  if (!visible) return null;
  return (
    <aside className="ios-hint" aria-label={t('label')}>
      <p>
        {/* Pieces: a text is a plain string, with no element inside it (docs/decisions/0100-the-pwas-texts.md). */}
        {t('before')}
        <strong>{t('share')}</strong>
        {t('middle')}
        <strong>{t('addToHome')}</strong>
        {t('after')}
      </p>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        onClick={() => {
          localStorage.setItem(DISMISSED_KEY, '1');
          setVisible(false);
        }}
      >
        {t('gotIt')}
      </button>
    </aside>
  );
}
