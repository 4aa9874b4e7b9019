import { LANGUAGES, LANGUAGE_NAMES } from '../../i18n/languages';
import { currentLanguage, setLanguage, useTranslation } from '../../i18n/i18n';
import { toast } from './toast';

/**
 * "English | हिन्दी" (docs/product.md#languages): every text at once, kept on the device, sent as Accept-Language. Hindi's
 * texts load on first use: when they cannot (offline on a device that never showed them), a toast says so and the
 * shop stays in English, instead of a tap that does nothing.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <div className="language-switch" role="group" aria-label={t('language:label')}>
      {LANGUAGES.map((language, i) => (
        <span key={language}>
          {i > 0 && <span aria-hidden="true"> | </span>}
          <button
            type="button"
            lang={language}
            className="language-switch__option"
            aria-pressed={language === current}
            onClick={() => void setLanguage(language).catch(() => toast.error(t('language:unavailable')))}
          >
            {LANGUAGE_NAMES[language]}
          </button>
        </span>
      ))}
    </div>
  );
}
