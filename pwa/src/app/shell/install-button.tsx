import { useAtomValue } from 'jotai';
import { installPromptAtom, promptInstall } from '../../lib/device/install-prompt';
import { useTranslation } from 'react-i18next';

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
